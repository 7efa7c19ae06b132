import type { TLanguage } from '@meridian/contracts/constants';
import type { TCloseReason } from '@meridian/contracts/position-terms';
import type { TUserAccount } from '../../../db/schema/ledger.ts';

/**
 * The words of a statement document (PDF and CSV) in the 8 languages of the app. They live here,
 * beside the renderers, because only the server writes the documents; the web app's own words for
 * the download dialog are in its `statements` locale namespace (docs/money.md, "Statements").
 */

/** The ledger kinds a client's entries carry (docs/money.md, "Flows"), described to the client. */
export const STATEMENT_KINDS = [
  'deposit.completed',
  'withdrawal.hold',
  'withdrawal.completed',
  'withdrawal.declined',
  'withdrawal.deleted',
  'adjustment.credit',
  'adjustment.debit',
  'adjustment.profit',
  'adjustment.clear',
  'investment.funded',
  'investment.declined',
  'investment.matured',
  'payout.paid',
  'position.open',
  'position.close',
  'signal.join',
  'signal.settle',
] as const;
export type TStatementKind = (typeof STATEMENT_KINDS)[number];

export interface TStatementTexts {
  title: string;
  client: string;
  email: string;
  clientId: string;
  period: string;
  generated: string;
  timeZone: string;
  currency: string;
  accounts: Record<TUserAccount, string>;
  /** PDF table columns. */
  columns: { date: string; description: string; in: string; out: string; balance: string };
  opening: string;
  closing: string;
  totalIn: string;
  totalOut: string;
  noMovements: string;
  /** `{{page}}` and `{{pages}}` are filled in. */
  page: string;
  footer: string;
  /** CSV header and the values of its "entry" column. */
  csv: {
    account: string;
    entry: string;
    date: string;
    description: string;
    amount: string;
    balance: string;
    transaction: string;
    movement: string;
  };
  kinds: Record<TStatementKind, string>;
  /** Between a movement's kind and its detail (a method, a plan, a pair, the operator's reason). */
  separator: string;
  /** Why a position closed, after its pair: "Position closed: BTC/USD (take-profit)". */
  closeReasons: Record<TCloseReason, string>;
}

const en: TStatementTexts = {
  title: 'Account statement',
  client: 'Client',
  email: 'Email',
  clientId: 'Client ID',
  period: 'Period',
  generated: 'Generated',
  timeZone: 'Time zone',
  currency: 'Amounts in US dollars (USD)',
  accounts: {
    balance: 'Account balance',
    trading: 'Trading balance',
    profit: 'Profit balance',
    bonus: 'Bonus',
    withdrawal_hold: 'Withdrawals on hold',
  },
  columns: { date: 'Date', description: 'Description', in: 'Money in', out: 'Money out', balance: 'Balance' },
  opening: 'Opening balance',
  closing: 'Closing balance',
  totalIn: 'Total in',
  totalOut: 'Total out',
  noMovements: 'No movements in this period',
  page: 'Page {{page}} of {{pages}}',
  footer: 'Generated from the ledger: opening balance + movements = closing balance for every account.',
  csv: {
    account: 'Account',
    entry: 'Entry',
    date: 'Date (UTC)',
    description: 'Description',
    amount: 'Amount (USD)',
    balance: 'Balance (USD)',
    transaction: 'Transaction ID',
    movement: 'Movement',
  },
  kinds: {
    'deposit.completed': 'Deposit',
    'withdrawal.hold': 'Withdrawal requested (held)',
    'withdrawal.completed': 'Withdrawal paid out',
    'withdrawal.declined': 'Withdrawal declined, hold returned',
    'withdrawal.deleted': 'Withdrawal cancelled, hold returned',
    'adjustment.credit': 'Credit',
    'adjustment.debit': 'Debit',
    'adjustment.profit': 'Profit balance credit',
    'adjustment.clear': 'Balances cleared',
    'investment.funded': 'Investment',
    'investment.declined': 'Investment declined, money returned',
    'investment.matured': 'Investment matured, principal returned',
    'payout.paid': 'Investment payout',
    'position.open': 'Position opened (margin)',
    'position.close': 'Position closed',
    'signal.join': 'Signal joined (entry)',
    'signal.settle': 'Signal settled',
  },
  separator: ': ',
  closeReasons: {
    expired: 'expired',
    stop_out: 'stop-out',
    client: 'closed by you',
    admin: 'closed by the desk',
    take_profit: 'take-profit',
    stop_loss: 'stop-loss',
  },
};

const de: TStatementTexts = {
  title: 'Kontoauszug',
  client: 'Kunde',
  email: 'E-Mail',
  clientId: 'Kunden-ID',
  period: 'Zeitraum',
  generated: 'Erstellt',
  timeZone: 'Zeitzone',
  currency: 'Beträge in US-Dollar (USD)',
  accounts: {
    balance: 'Kontoguthaben',
    trading: 'Handelsguthaben',
    profit: 'Gewinnguthaben',
    bonus: 'Bonus',
    withdrawal_hold: 'Zurückgehaltene Auszahlungen',
  },
  columns: { date: 'Datum', description: 'Beschreibung', in: 'Eingang', out: 'Ausgang', balance: 'Saldo' },
  opening: 'Anfangssaldo',
  closing: 'Endsaldo',
  totalIn: 'Summe Eingänge',
  totalOut: 'Summe Ausgänge',
  noMovements: 'Keine Bewegungen in diesem Zeitraum',
  page: 'Seite {{page}} von {{pages}}',
  footer: 'Aus dem Hauptbuch erstellt: Anfangssaldo + Bewegungen = Endsaldo für jedes Konto.',
  csv: {
    account: 'Konto',
    entry: 'Eintrag',
    date: 'Datum (UTC)',
    description: 'Beschreibung',
    amount: 'Betrag (USD)',
    balance: 'Saldo (USD)',
    transaction: 'Buchungs-ID',
    movement: 'Bewegung',
  },
  kinds: {
    'deposit.completed': 'Einzahlung',
    'withdrawal.hold': 'Auszahlung beantragt (zurückgehalten)',
    'withdrawal.completed': 'Auszahlung ausgezahlt',
    'withdrawal.declined': 'Auszahlung abgelehnt, Betrag zurückgebucht',
    'withdrawal.deleted': 'Auszahlung storniert, Betrag zurückgebucht',
    'adjustment.credit': 'Gutschrift',
    'adjustment.debit': 'Belastung',
    'adjustment.profit': 'Gutschrift auf das Gewinnguthaben',
    'adjustment.clear': 'Guthaben zurückgesetzt',
    'investment.funded': 'Investition',
    'investment.declined': 'Investition abgelehnt, Betrag zurückgebucht',
    'investment.matured': 'Investition fällig, Einlage zurückgezahlt',
    'payout.paid': 'Ausschüttung einer Investition',
    'position.open': 'Position eröffnet (Margin)',
    'position.close': 'Position geschlossen',
    'signal.join': 'Signal beigetreten (Einsatz)',
    'signal.settle': 'Signal abgerechnet',
  },
  separator: ': ',
  closeReasons: {
    expired: 'abgelaufen',
    stop_out: 'Stop-out',
    client: 'von Ihnen geschlossen',
    admin: 'vom Handelsdesk geschlossen',
    take_profit: 'Take-Profit',
    stop_loss: 'Stop-Loss',
  },
};

const es: TStatementTexts = {
  title: 'Extracto de cuenta',
  client: 'Cliente',
  email: 'Correo electrónico',
  clientId: 'ID de cliente',
  period: 'Periodo',
  generated: 'Generado',
  timeZone: 'Zona horaria',
  currency: 'Importes en dólares estadounidenses (USD)',
  accounts: {
    balance: 'Saldo de la cuenta',
    trading: 'Saldo de trading',
    profit: 'Saldo de beneficios',
    bonus: 'Bono',
    withdrawal_hold: 'Retiros retenidos',
  },
  columns: { date: 'Fecha', description: 'Descripción', in: 'Entradas', out: 'Salidas', balance: 'Saldo' },
  opening: 'Saldo inicial',
  closing: 'Saldo final',
  totalIn: 'Total de entradas',
  totalOut: 'Total de salidas',
  noMovements: 'No hay movimientos en este periodo',
  page: 'Página {{page}} de {{pages}}',
  footer: 'Generado a partir del libro mayor: saldo inicial + movimientos = saldo final en cada cuenta.',
  csv: {
    account: 'Cuenta',
    entry: 'Asiento',
    date: 'Fecha (UTC)',
    description: 'Descripción',
    amount: 'Importe (USD)',
    balance: 'Saldo (USD)',
    transaction: 'ID de transacción',
    movement: 'Movimiento',
  },
  kinds: {
    'deposit.completed': 'Depósito',
    'withdrawal.hold': 'Retiro solicitado (retenido)',
    'withdrawal.completed': 'Retiro pagado',
    'withdrawal.declined': 'Retiro rechazado, importe devuelto',
    'withdrawal.deleted': 'Retiro cancelado, importe devuelto',
    'adjustment.credit': 'Abono',
    'adjustment.debit': 'Cargo',
    'adjustment.profit': 'Abono al saldo de beneficios',
    'adjustment.clear': 'Saldos puestos a cero',
    'investment.funded': 'Inversión',
    'investment.declined': 'Inversión rechazada, importe devuelto',
    'investment.matured': 'Inversión vencida, capital devuelto',
    'payout.paid': 'Pago de una inversión',
    'position.open': 'Posición abierta (margen)',
    'position.close': 'Posición cerrada',
    'signal.join': 'Unido a una señal (entrada)',
    'signal.settle': 'Señal liquidada',
  },
  separator: ': ',
  closeReasons: {
    expired: 'vencida',
    stop_out: 'stop-out',
    client: 'cerrada por usted',
    admin: 'cerrada por la mesa',
    take_profit: 'take-profit',
    stop_loss: 'stop-loss',
  },
};

const fr: TStatementTexts = {
  title: 'Relevé de compte',
  client: 'Client',
  email: 'E-mail',
  clientId: 'ID client',
  period: 'Période',
  generated: 'Établi le',
  timeZone: 'Fuseau horaire',
  currency: 'Montants en dollars américains (USD)',
  accounts: {
    balance: 'Solde du compte',
    trading: 'Solde de trading',
    profit: 'Solde des gains',
    bonus: 'Bonus',
    withdrawal_hold: 'Retraits en attente',
  },
  columns: { date: 'Date', description: 'Libellé', in: 'Crédit', out: 'Débit', balance: 'Solde' },
  opening: 'Solde d’ouverture',
  closing: 'Solde de clôture',
  totalIn: 'Total des crédits',
  totalOut: 'Total des débits',
  noMovements: 'Aucun mouvement sur cette période',
  page: 'Page {{page}} sur {{pages}}',
  footer: 'Établi à partir du grand livre : solde d’ouverture + mouvements = solde de clôture pour chaque compte.',
  csv: {
    account: 'Compte',
    entry: 'Écriture',
    date: 'Date (UTC)',
    description: 'Libellé',
    amount: 'Montant (USD)',
    balance: 'Solde (USD)',
    transaction: 'ID de transaction',
    movement: 'Mouvement',
  },
  kinds: {
    'deposit.completed': 'Dépôt',
    'withdrawal.hold': 'Retrait demandé (bloqué)',
    'withdrawal.completed': 'Retrait versé',
    'withdrawal.declined': 'Retrait refusé, montant restitué',
    'withdrawal.deleted': 'Retrait annulé, montant restitué',
    'adjustment.credit': 'Crédit',
    'adjustment.debit': 'Débit',
    'adjustment.profit': 'Crédit sur le solde des gains',
    'adjustment.clear': 'Soldes remis à zéro',
    'investment.funded': 'Investissement',
    'investment.declined': 'Investissement refusé, montant restitué',
    'investment.matured': 'Investissement échu, capital restitué',
    'payout.paid': 'Versement d’un investissement',
    'position.open': 'Position ouverte (marge)',
    'position.close': 'Position clôturée',
    'signal.join': 'Signal rejoint (mise)',
    'signal.settle': 'Signal réglé',
  },
  separator: ': ',
  closeReasons: {
    expired: 'expirée',
    stop_out: 'stop-out',
    client: 'clôturée par vous',
    admin: 'clôturée par la salle des marchés',
    take_profit: 'take-profit',
    stop_loss: 'stop-loss',
  },
};

const it: TStatementTexts = {
  title: 'Estratto conto',
  client: 'Cliente',
  email: 'E-mail',
  clientId: 'ID cliente',
  period: 'Periodo',
  generated: 'Generato il',
  timeZone: 'Fuso orario',
  currency: 'Importi in dollari statunitensi (USD)',
  accounts: {
    balance: 'Saldo del conto',
    trading: 'Saldo di trading',
    profit: 'Saldo dei profitti',
    bonus: 'Bonus',
    withdrawal_hold: 'Prelievi in sospeso',
  },
  columns: { date: 'Data', description: 'Descrizione', in: 'Entrate', out: 'Uscite', balance: 'Saldo' },
  opening: 'Saldo iniziale',
  closing: 'Saldo finale',
  totalIn: 'Totale entrate',
  totalOut: 'Totale uscite',
  noMovements: 'Nessun movimento in questo periodo',
  page: 'Pagina {{page}} di {{pages}}',
  footer: 'Generato dal libro mastro: saldo iniziale + movimenti = saldo finale per ogni conto.',
  csv: {
    account: 'Conto',
    entry: 'Voce',
    date: 'Data (UTC)',
    description: 'Descrizione',
    amount: 'Importo (USD)',
    balance: 'Saldo (USD)',
    transaction: 'ID transazione',
    movement: 'Movimento',
  },
  kinds: {
    'deposit.completed': 'Deposito',
    'withdrawal.hold': 'Prelievo richiesto (trattenuto)',
    'withdrawal.completed': 'Prelievo pagato',
    'withdrawal.declined': 'Prelievo rifiutato, importo restituito',
    'withdrawal.deleted': 'Prelievo annullato, importo restituito',
    'adjustment.credit': 'Accredito',
    'adjustment.debit': 'Addebito',
    'adjustment.profit': 'Accredito sul saldo dei profitti',
    'adjustment.clear': 'Saldi azzerati',
    'investment.funded': 'Investimento',
    'investment.declined': 'Investimento rifiutato, importo restituito',
    'investment.matured': 'Investimento scaduto, capitale restituito',
    'payout.paid': 'Pagamento di un investimento',
    'position.open': 'Posizione aperta (margine)',
    'position.close': 'Posizione chiusa',
    'signal.join': 'Adesione a un segnale (importo)',
    'signal.settle': 'Segnale liquidato',
  },
  separator: ': ',
  closeReasons: {
    expired: 'scaduta',
    stop_out: 'stop-out',
    client: 'chiusa da te',
    admin: 'chiusa dal desk',
    take_profit: 'take profit',
    stop_loss: 'stop loss',
  },
};

const ja: TStatementTexts = {
  title: '取引明細書',
  client: 'お客様',
  email: 'メールアドレス',
  clientId: 'お客様ID',
  period: '期間',
  generated: '作成日時',
  timeZone: 'タイムゾーン',
  currency: '金額は米ドル（USD）',
  accounts: {
    balance: '口座残高',
    trading: '取引残高',
    profit: '利益残高',
    bonus: 'ボーナス',
    withdrawal_hold: '出金保留',
  },
  columns: { date: '日付', description: '内容', in: '入金', out: '出金', balance: '残高' },
  opening: '期首残高',
  closing: '期末残高',
  totalIn: '入金合計',
  totalOut: '出金合計',
  noMovements: 'この期間の取引はありません',
  page: '{{page}} / {{pages}} ページ',
  footer: '元帳から作成：各口座について 期首残高 + 取引 = 期末残高 となります。',
  csv: {
    account: '口座',
    entry: '区分',
    date: '日時（UTC）',
    description: '内容',
    amount: '金額（USD）',
    balance: '残高（USD）',
    transaction: '取引ID',
    movement: '取引',
  },
  kinds: {
    'deposit.completed': '入金',
    'withdrawal.hold': '出金申請（保留）',
    'withdrawal.completed': '出金完了',
    'withdrawal.declined': '出金却下、保留分を返金',
    'withdrawal.deleted': '出金取消、保留分を返金',
    'adjustment.credit': '入金調整',
    'adjustment.debit': '出金調整',
    'adjustment.profit': '利益残高への入金',
    'adjustment.clear': '残高のクリア',
    'investment.funded': '投資',
    'investment.declined': '投資却下、返金',
    'investment.matured': '投資満期、元本返還',
    'payout.paid': '投資の配当',
    'position.open': 'ポジション建て（証拠金）',
    'position.close': 'ポジション決済',
    'signal.join': 'シグナル参加（エントリー）',
    'signal.settle': 'シグナル精算',
  },
  separator: '：',
  closeReasons: {
    expired: '期限切れ',
    stop_out: 'ストップアウト',
    client: 'お客様による決済',
    admin: 'ディーリングデスクによる決済',
    take_profit: 'テイクプロフィット',
    stop_loss: 'ストップロス',
  },
};

const pt: TStatementTexts = {
  title: 'Extrato de conta',
  client: 'Cliente',
  email: 'E-mail',
  clientId: 'ID do cliente',
  period: 'Período',
  generated: 'Gerado em',
  timeZone: 'Fuso horário',
  currency: 'Valores em dólares americanos (USD)',
  accounts: {
    balance: 'Saldo da conta',
    trading: 'Saldo de trading',
    profit: 'Saldo de lucros',
    bonus: 'Bônus',
    withdrawal_hold: 'Saques retidos',
  },
  columns: { date: 'Data', description: 'Descrição', in: 'Entradas', out: 'Saídas', balance: 'Saldo' },
  opening: 'Saldo inicial',
  closing: 'Saldo final',
  totalIn: 'Total de entradas',
  totalOut: 'Total de saídas',
  noMovements: 'Nenhum movimento neste período',
  page: 'Página {{page}} de {{pages}}',
  footer: 'Gerado a partir do livro-razão: saldo inicial + movimentos = saldo final em cada conta.',
  csv: {
    account: 'Conta',
    entry: 'Lançamento',
    date: 'Data (UTC)',
    description: 'Descrição',
    amount: 'Valor (USD)',
    balance: 'Saldo (USD)',
    transaction: 'ID da transação',
    movement: 'Movimento',
  },
  kinds: {
    'deposit.completed': 'Depósito',
    'withdrawal.hold': 'Saque solicitado (retido)',
    'withdrawal.completed': 'Saque pago',
    'withdrawal.declined': 'Saque recusado, valor devolvido',
    'withdrawal.deleted': 'Saque cancelado, valor devolvido',
    'adjustment.credit': 'Crédito',
    'adjustment.debit': 'Débito',
    'adjustment.profit': 'Crédito no saldo de lucros',
    'adjustment.clear': 'Saldos zerados',
    'investment.funded': 'Investimento',
    'investment.declined': 'Investimento recusado, valor devolvido',
    'investment.matured': 'Investimento vencido, capital devolvido',
    'payout.paid': 'Pagamento de um investimento',
    'position.open': 'Posição aberta (margem)',
    'position.close': 'Posição fechada',
    'signal.join': 'Adesão a um sinal (entrada)',
    'signal.settle': 'Sinal liquidado',
  },
  separator: ': ',
  closeReasons: {
    expired: 'expirada',
    stop_out: 'stop-out',
    client: 'fechada por você',
    admin: 'fechada pela mesa',
    take_profit: 'take-profit',
    stop_loss: 'stop-loss',
  },
};

const ru: TStatementTexts = {
  title: 'Выписка по счёту',
  client: 'Клиент',
  email: 'Эл. почта',
  clientId: 'ID клиента',
  period: 'Период',
  generated: 'Сформирована',
  timeZone: 'Часовой пояс',
  currency: 'Суммы в долларах США (USD)',
  accounts: {
    balance: 'Баланс счёта',
    trading: 'Торговый баланс',
    profit: 'Баланс прибыли',
    bonus: 'Бонус',
    withdrawal_hold: 'Выводы в ожидании',
  },
  columns: { date: 'Дата', description: 'Описание', in: 'Поступление', out: 'Списание', balance: 'Остаток' },
  opening: 'Остаток на начало',
  closing: 'Остаток на конец',
  totalIn: 'Всего поступлений',
  totalOut: 'Всего списаний',
  noMovements: 'Нет операций за этот период',
  page: 'Страница {{page}} из {{pages}}',
  footer: 'Сформирована по главной книге: остаток на начало + операции = остаток на конец по каждому счёту.',
  csv: {
    account: 'Счёт',
    entry: 'Запись',
    date: 'Дата (UTC)',
    description: 'Описание',
    amount: 'Сумма (USD)',
    balance: 'Остаток (USD)',
    transaction: 'ID операции',
    movement: 'Операция',
  },
  kinds: {
    'deposit.completed': 'Пополнение',
    'withdrawal.hold': 'Запрос на вывод (заблокировано)',
    'withdrawal.completed': 'Вывод выплачен',
    'withdrawal.declined': 'Вывод отклонён, сумма возвращена',
    'withdrawal.deleted': 'Вывод отменён, сумма возвращена',
    'adjustment.credit': 'Зачисление',
    'adjustment.debit': 'Списание',
    'adjustment.profit': 'Зачисление на баланс прибыли',
    'adjustment.clear': 'Обнуление балансов',
    'investment.funded': 'Инвестиция',
    'investment.declined': 'Инвестиция отклонена, сумма возвращена',
    'investment.matured': 'Срок инвестиции истёк, сумма возвращена',
    'payout.paid': 'Выплата по инвестиции',
    'position.open': 'Открытие позиции (маржа)',
    'position.close': 'Закрытие позиции',
    'signal.join': 'Участие в сигнале (вход)',
    'signal.settle': 'Расчёт по сигналу',
  },
  separator: ': ',
  closeReasons: {
    expired: 'истёк срок',
    stop_out: 'стоп-аут',
    client: 'закрыта вами',
    admin: 'закрыта дилинговым отделом',
    take_profit: 'тейк-профит',
    stop_loss: 'стоп-лосс',
  },
};

const TEXTS: Record<TLanguage, TStatementTexts> = { en, de, es, fr, it, ja, pt, ru };

export function statementTexts(lang: TLanguage): TStatementTexts {
  return TEXTS[lang];
}

export function isStatementKind(kind: string): kind is TStatementKind {
  return (STATEMENT_KINDS as readonly string[]).includes(kind);
}

/** `{{name}}` placeholders of a text filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
