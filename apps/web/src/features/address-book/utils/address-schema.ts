import { ZWithdrawalAddressInput } from '@meridian/contracts/address-book';
import { walletAddressProblem } from '@meridian/contracts/wallet-address';

/**
 * The address book's add form: the contract's schema, plus the server's rule for a wallet address
 * of the network the chosen method's name implies. `methodName` reads the chosen method's name.
 */
export function addressFormSchema(methodName: (methodId: string) => string | undefined) {
  return ZWithdrawalAddressInput.superRefine((value, ctx) => {
    const name = methodName(value.methodId);
    const problem = name === undefined ? null : walletAddressProblem(name, value.address);
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
  });
}
