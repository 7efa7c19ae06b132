import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import type { MailProvider, TMail } from './interface.ts';

/** The default transport: the message is stored in the outbox and goes no further. */
export class OutboxMailProvider implements MailProvider {
  constructor(private readonly db: Db) {}

  async send(mail: TMail): Promise<void> {
    await this.db.insert(mailOutbox).values({ ...mail, transport: 'outbox' });
  }
}
