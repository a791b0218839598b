// A private CA for the tests, kept in test/fixtures/tls/private-ca (made once with openssl, valid
// for 100 years, so the tests need no openssl): the CA, a server certificate it signed for
// 127.0.0.1 and localhost, and one it signed for another name. The CA's key is not kept.
//   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key \
//     -out ca.crt -days 36500 -subj '/CN=cdn-tui test CA' \
//     -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
//   then for each leaf (server: IP:127.0.0.1,DNS:localhost; other: DNS:other.example) a key and
//   CSR (`openssl req -newkey ec …`), signed with `openssl x509 -req -CA ca.crt -CAkey ca.key
//   -days 36500 -extfile` (subjectAltName, basicConstraints=CA:FALSE, extendedKeyUsage=serverAuth).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PrivateCa {
  /** The CA's certificate (PEM file). */
  readonly caFile: string;
  /** Signed by the CA for IP 127.0.0.1 and DNS localhost. */
  readonly server: { readonly certFile: string; readonly keyFile: string };
  /** Signed by the CA for DNS other.example only. */
  readonly otherName: { readonly certFile: string; readonly keyFile: string };
  readonly caPem: string;
}

const at = (name: string) => fileURLToPath(new URL(`../fixtures/tls/private-ca/${name}`, import.meta.url));

export function makePrivateCa(): PrivateCa {
  return {
    caFile: at('ca.crt'),
    server: { certFile: at('server.crt'), keyFile: at('server.key') },
    otherName: { certFile: at('other.crt'), keyFile: at('other.key') },
    caPem: readFileSync(at('ca.crt'), 'utf8'),
  };
}
