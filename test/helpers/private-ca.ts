// A private CA made with openssl at test time in a temp folder: the CA, a server certificate it
// signed for 127.0.0.1 and localhost, and one it signed for another name. Valid for two days.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp.js';

export interface PrivateCa {
  /** The CA's certificate (PEM file). */
  readonly caFile: string;
  /** Signed by the CA for IP 127.0.0.1 and DNS localhost. */
  readonly server: { readonly certFile: string; readonly keyFile: string };
  /** Signed by the CA for DNS other.example only. */
  readonly otherName: { readonly certFile: string; readonly keyFile: string };
  readonly caPem: string;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export function makePrivateCa(): PrivateCa {
  const dir = tempDir('cdn-tui-ca-');
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', ...EC, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=cdn-tui test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  const leaf = (name: string, altNames: string) => {
    writeFileSync(at(`${name}.ext`), `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
    openssl('req', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`);
    return { certFile: at(`${name}.crt`), keyFile: at(`${name}.key`) };
  };
  return {
    caFile: at('ca.crt'),
    server: leaf('server', 'IP:127.0.0.1,DNS:localhost'),
    otherName: leaf('other', 'DNS:other.example'),
    caPem: readFileSync(at('ca.crt'), 'utf8'),
  };
}
