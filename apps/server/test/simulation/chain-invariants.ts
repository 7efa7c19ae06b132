import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { queryRows } from '../../src/db/client.ts';
import { coinCents, tokenCents } from '../../src/modules/money/chain-deposits/chain-watcher.ts';
import type { TChainSent } from './chain.ts';
import { CHAIN_CONFIRMATIONS } from './operations.ts';
import type { World } from './world.ts';

/**
 * The invariants of deposits seen on chain (docs/money.md, "Deposits seen on chain"), checked from the
 * records and the node after the watcher has run to the tip (settleChain):
 * - each watch's cursor is a block of the node's chain;
 * - every transfer the run sent that is on the chain N deep is recorded once (method, hash, log
 *   index), in the block the node has it in, and credited exactly once, or set aside as dust if it
 *   was dust (a closed account's waits confirming, credited nothing); one less deep is recorded once, confirming or dust, or credited if it was N deep
 *   when credited (runWatcher checks that at each run: a reorganisation shallower than N that
 *   shortened the chain may leave it less deep now);
 * - one that is neither on the chain nor in the node's pool has no record standing (only dropped);
 * - every record is of a transfer the run sent, of its value and client; a credited one is in a
 *   block of the node's chain, with one `deposit.completed` posting of exactly the amount the
 *   rules say (a token: cents = base ÷ 10^(decimals − 2); ETH: wei × the rate recorded ÷ 10^18, both
 *   rounded down), above zero, and its deposit Completed for that amount; a dust, dropped or
 *   confirming record has no posting (dropped: its deposit Declined; confirming: Pending).
 * Records and transfers checked final are not read again (the run's reorganisations are shallower
 * than N, so nothing N deep changes).
 */

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface TRow {
  id: string;
  method: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  user_id: string;
  to_address: string;
  amount_base: string;
  status: string;
  transaction_id: string | null;
  rate_cents: string | null;
  postings: number;
  credited: string | null;
  deposit_status: string | null;
  deposit_amount: string | null;
}

export async function checkChain(world: World): Promise<string[]> {
  const chain = world.chain;
  // Only right after settleChain ran the watcher to the tip.
  if (!chain?.settled) return [];
  chain.settled = false;
  const db = world.app.db;
  const node = chain.node.client;
  const problems: string[] = [];
  const N = BigInt(CHAIN_CONFIRMATIONS);
  const closed = (userId: string) => world.clientsById.get(userId)?.closed === true;

  const canonical = new Map<bigint, string | null>();
  const hashAt = async (n: bigint) => {
    if (!canonical.has(n))
      canonical.set(
        n,
        await node.getBlock({ blockNumber: n }).then(
          (b) => b.hash,
          () => null,
        ),
      );
    return canonical.get(n);
  };

  const watches = await queryRows<{ method: string; cursor_number: string | null; cursor_hash: string | null }>(
    db,
    sql`select deposit_method_id::text as method, cursor_number::text, cursor_hash from chain_watches
        where deposit_method_id = any(${sql.param(Object.values(chain.methods))}::uuid[])`,
  );
  const cursors = new Map<string, bigint>();
  for (const w of watches) {
    if (w.cursor_number === null) {
      problems.push(`watch ${w.method} has no cursor after a run`);
      continue;
    }
    const n = BigInt(w.cursor_number);
    if ((await hashAt(n)) !== w.cursor_hash) problems.push(`watch ${w.method}: cursor ${n} is not the node's block`);
    cursors.set(w.method, n);
  }
  const depthOf = (method: string, block: bigint) => (cursors.get(method) ?? -1n) - block + 1n;

  const unsettled = [...chain.sent.values()].filter((s) => !s.settled);
  const rows = await queryRows<TRow>(
    db,
    sql`select ct.id::text, ct.deposit_method_id::text as method, ct.tx_hash, ct.log_index,
          ct.block_number::text, ct.block_hash, ct.user_id::text, ct.to_address, ct.amount_base::text, ct.status,
          ct.transaction_id::text, ct.rate_cents::text,
          (select count(*)::int from ledger_transactions lt
            where lt.kind = 'deposit.completed' and lt.ref_id = ct.transaction_id) as postings,
          (select sum(e.amount)::text from ledger_entries e join ledger_transactions lt on lt.id = e.transaction_id
            where lt.kind = 'deposit.completed' and lt.ref_id = ct.transaction_id and e.account = 'balance') as credited,
          d.status as deposit_status, d.amount::text as deposit_amount
        from chain_transfers ct left join transactions d on d.id = ct.transaction_id
        where not (ct.id = any(${sql.param([...chain.verified])}::uuid[]))
           or ct.tx_hash = any(${sql.param(unsettled.map((s) => s.hash))}::text[])`,
  );

  // Each record on its own.
  for (const row of rows) {
    const what = `chain transfer ${row.tx_hash}:${row.log_index} (${row.status})`;
    const sent = chain.sent.get(row.tx_hash as Hex);
    if (!sent) {
      problems.push(`${what} was recorded, but the run never sent it`);
      continue;
    }
    if (
      row.method !== chain.methodOf(sent.asset) ||
      row.user_id !== sent.userId ||
      row.to_address !== sent.to.toLowerCase() ||
      row.amount_base !== sent.value.toString()
    ) {
      problems.push(`${what}: recorded as ${row.amount_base} to ${row.to_address}, sent ${sent.value} to ${sent.to}`);
    }
    const block = BigInt(row.block_number);
    const onChain = (await hashAt(block)) === row.block_hash;
    const rate = row.rate_cents === null ? null : BigInt(row.rate_cents);
    const cents =
      sent.asset === 'token' ? tokenCents(sent.value, 6) : rate === null ? null : coinCents(sent.value, rate);
    const final = () => chain.verified.add(row.id);
    switch (row.status) {
      case 'credited': {
        const ok =
          onChain &&
          chain.creditsSeen.has(row.id) &&
          cents !== null &&
          cents > 0n &&
          row.postings === 1 &&
          row.credited === cents.toString() &&
          row.deposit_status === 'Completed' &&
          row.deposit_amount === cents.toString();
        if (!ok) {
          problems.push(
            `${what}: on the chain ${onChain}, ${depthOf(row.method, block)} deep, checked at its run ` +
              `${chain.creditsSeen.has(row.id)}; ${row.postings} postings of ` +
              `${row.credited}¢, deposit ${row.deposit_status} ${row.deposit_amount}¢; the rules say ${cents}¢ (rate ${rate})`,
          );
        } else final();
        if (sent.dust) problems.push(`${what}: a dust transfer (${sent.value}) was credited`);
        break;
      }
      case 'dust':
        if (row.postings !== 0 || row.deposit_status === 'Completed' || !sent.dust)
          problems.push(`${what}: ${row.postings} postings, deposit ${row.deposit_status}, sent as dust ${sent.dust}`);
        else final();
        break;
      case 'dropped':
        if (row.postings !== 0 || (row.transaction_id !== null && row.deposit_status !== 'Declined'))
          problems.push(`${what}: ${row.postings} postings, deposit ${row.deposit_status}`);
        else final();
        break;
      case 'confirming':
        // N deep and still confirming only for a client whose account is closed: it waits for the desk.
        if (
          row.postings !== 0 ||
          row.deposit_status !== 'Pending' ||
          !onChain ||
          (depthOf(row.method, block) >= N && !closed(row.user_id))
        ) {
          problems.push(
            `${what}: ${row.postings} postings, deposit ${row.deposit_status}, on the chain ${onChain}, ` +
              `${depthOf(row.method, block)} deep`,
          );
        }
        break;
      default:
        problems.push(`${what}: an unknown status`);
    }
  }

  // Each transfer sent and not yet settled, against the node.
  const standing = (s: TChainSent) =>
    rows.filter((r) => r.tx_hash === s.hash && r.method === chain.methodOf(s.asset) && r.status !== 'dropped');
  for (const s of unsettled) {
    const what = `${s.asset} transfer ${s.hash} of ${s.value} to ${s.userId}`;
    const receipt = await node.getTransactionReceipt({ hash: s.hash }).catch(() => null);
    const live = standing(s);
    if (!receipt) {
      if (live.length > 0) problems.push(`${what} is not on the chain, yet recorded ${live.map((r) => r.status)}`);
      const pooled = await node.getTransaction({ hash: s.hash }).then(
        () => true,
        () => false,
      );
      if (!pooled) {
        // Taken off the chain by a reorganisation and not sent again: it can never come back.
        s.settled = true;
        chain.tally.gone += 1;
      }
      continue;
    }
    const method = chain.methodOf(s.asset);
    const logIndex =
      s.asset === 'native'
        ? -1
        : (receipt.logs.find(
            (l) => l.address.toLowerCase() === chain.token.address.toLowerCase() && l.topics[0] === TRANSFER_TOPIC,
          )?.logIndex ?? null);
    const deep = depthOf(method, receipt.blockNumber) >= N;
    const mine = live.filter((r) => r.log_index === logIndex);
    const row = mine[0];
    // A closed account is credited nothing: its transfer waits confirming (or was credited while it was open).
    const expected = s.dust ? ['dust'] : deep && !closed(s.userId) ? ['credited'] : ['confirming', 'credited'];
    if (
      mine.length !== 1 ||
      live.length !== 1 ||
      !row ||
      !expected.includes(row.status) ||
      row.block_hash !== receipt.blockHash ||
      BigInt(row.block_number) !== receipt.blockNumber
    ) {
      problems.push(
        `${what} is in block ${receipt.blockNumber} (${receipt.blockHash}), ` +
          `${depthOf(method, receipt.blockNumber)} deep, log ${logIndex}; recorded ` +
          `${live.map((r) => `${r.status} in ${r.block_number} (${r.block_hash}) log ${r.log_index}`).join(', ') || 'nowhere'}; ` +
          `expected ${expected.join(' or ')}`,
      );
      continue;
    }
    if (deep) s.settled = true;
  }

  // At most one standing record per transfer, whatever else.
  const twice = await queryRows<{ tx_hash: string; log_index: number; n: number; credited: number }>(
    db,
    sql`select tx_hash, log_index, count(*) filter (where status <> 'dropped')::int as n,
          count(*) filter (where status = 'credited')::int as credited
        from chain_transfers group by deposit_method_id, tx_hash, log_index
        having count(*) filter (where status <> 'dropped') > 1 or count(*) filter (where status = 'credited') > 1
        limit 5`,
  );
  for (const t of twice)
    problems.push(`chain transfer ${t.tx_hash}:${t.log_index} stands ${t.n} times, credited ${t.credited} times`);
  return problems.slice(0, 10);
}
