import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtp {
  /** `smtp://user:password@127.0.0.1:<port>`, what SMTP_URL would say. */
  url: string;
  /** Every message accepted so far, as mailparser read it (envelope recipients beside). */
  messages: ReceivedMail[];
  /** Stops listening: the port refuses connections, as a server that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** The next `count` messages are refused after DATA with `code` (451: try later, as a busy server; 550: never). */
  refuseNext(count: number, code?: number): void;
  /** The next message is read and never answered, as a server that hangs mid-send. */
  hangNext(): void;
  /** How many messages were left hanging. */
  readonly hung: number;
  close(): Promise<void>;
}

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

const USER = 'shop';
const PASSWORD = 'fake-smtp-password';

/**
 * A local SMTP server that speaks the real protocol (smtp-server) with AUTH, and parses what it
 * receives with mailparser, so tests check the message a customer's mail program would read.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  let refusals = 0;
  let refusalCode = 451;
  let isHanging = false;
  let hung = 0;
  let port = 0;
  const makeServer = () =>
    new SMTPServer({
      // Plain SMTP on loopback: the adapter asks for STARTTLS only off this machine.
      disabledCommands: ['STARTTLS'],
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      // A hung connection does not hold up `down` or `close`.
      closeTimeout: 100,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            if (isHanging) {
              isHanging = false;
              hung += 1;
              return;
            }
            if (refusals > 0) {
              refusals -= 1;
              const error = new Error(refusalCode >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
              error.responseCode = refusalCode;
              callback(error);
              return;
            }
            messages.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });
  let server = makeServer();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  let isUp = true;
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    messages,
    async down() {
      if (!isUp) return;
      isUp = false;
      await stop();
    },
    async up() {
      if (isUp) return;
      server = makeServer();
      await listen();
      isUp = true;
    },
    refuseNext(count, code = 451) {
      refusals = count;
      refusalCode = code;
    },
    hangNext() {
      isHanging = true;
    },
    get hung() {
      return hung;
    },
    async close() {
      if (isUp) await stop();
      isUp = false;
    },
  };
}
