import QRCode from 'qrcode';

/**
 * `text` as a QR code, an SVG data URL an <img> shows. Drawn here rather than by a third party, so
 * what it encodes (a second factor's secret, a wallet address) goes nowhere else; error correction M
 * reads well from a screen.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
