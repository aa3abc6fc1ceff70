/**
 * Signing FatturaPA files: CAdES-BES attached envelopes (.xml.p7m, DER) with the tenant's certificate (PKCS#12).
 *
 * - readPkcs12(): opens a PKCS#12 with pkijs (integrity MAC checked with the password: HMAC-SHA-1/256 with the
 *   PKCS#12 key derivation; bags encrypted with PBES2/PBKDF2 + AES-CBC as openssl 3 and current exports make them,
 *   or with pbeWithSHAAnd3-KeyTripleDES-CBC as Windows' "TripleDES-SHA1" export does: decrypted here with node:crypto).
 *   A wrong password is the Italian 'Password del certificato errata'; RC2-40 bags (openssl -legacy, very old
 *   exports) are refused with a message telling to export again with AES (Node's OpenSSL 3 has no RC2).
 * - signCades(): CMS SignedData v1, content embedded (id-data), SHA-256, one SignerInfo (IssuerAndSerialNumber,
 *   RSA PKCS#1 v1.5 or ECDSA as the key is) with the signed attributes CAdES-BES requires (ETSI EN 319 122-1 and
 *   the Italian rules, DPCM 22/02/2013 / AgID): contentType, messageDigest, signingTime (UTCTime, now) and
 *   signingCertificateV2 (ESSCertIDv2: SHA-256 of the certificate, the hash algorithm left at its DER default, with
 *   issuerSerial). The signer's certificate is carried in the envelope. The file is named `<name>.xml.p7m`
 *   (p7mFileName). Both functions are async (WebCrypto).
 * The signature is as good as the certificate: a qualified one (FPA12) is the tenant's; this code does not check
 * trust chains, only that the certificate is within its validity (an expired one cannot sign: Italian error).
 */
import { createDecipheriv, createHash, webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { BadRequestError } from "@/lib/errors";

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

export const WRONG_P12_PASSWORD = "Password del certificato errata";
export const P12_UNREADABLE = "Il file non è un certificato PKCS#12 (.p12 / .pfx) leggibile";
export const P12_LEGACY = "Il certificato usa una cifratura obsoleta (RC2) non supportata: esportalo di nuovo con cifratura AES";
export const P12_INCOMPLETE = "Il file PKCS#12 non contiene sia il certificato sia la chiave privata";

const OID = {
  data: "1.2.840.113549.1.7.1",
  sha256: "2.16.840.1.101.3.4.2.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  keyBag: "1.2.840.113549.1.12.10.1.1",
  shroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
  certBag: "1.2.840.113549.1.12.10.1.3",
  x509Certificate: "1.2.840.113549.1.9.22.1",
  localKeyId: "1.2.840.113549.1.9.21",
  rsa: "1.2.840.113549.1.1.1",
  ec: "1.2.840.10045.2.1",
  pbes2: "1.2.840.113549.1.5.13",
  tripleDes: "1.2.840.113549.1.12.1.3",
} as const;

/** RFC 7292 appendix B.2: the PKCS#12 key derivation with SHA-1 (id 1: key, 2: IV, 3: MAC key), BMPString password. */
function pkcs12Kdf(password: string, salt: Uint8Array, iterations: number, id: number, size: number): Buffer {
  const u = 20;
  const v = 64;
  const pw = Buffer.alloc((password.length + 1) * 2);
  for (let i = 0; i < password.length; i++) pw.writeUInt16BE(password.charCodeAt(i), i * 2);
  const fill = (b: Uint8Array) => {
    const out = Buffer.alloc(b.length === 0 ? 0 : v * Math.ceil(b.length / v));
    for (let i = 0; i < out.length; i++) out[i] = b[i % b.length]!;
    return out;
  };
  const D = Buffer.alloc(v, id);
  const I = Buffer.concat([fill(salt), fill(pw)]);
  const out: Buffer[] = [];
  for (let produced = 0; produced < size; produced += u) {
    let A = createHash("sha1").update(D).update(I).digest();
    for (let j = 1; j < iterations; j++) A = createHash("sha1").update(A).digest();
    out.push(A);
    const B = fill(A);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k]! + B[k]! + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, size);
}

/** pbeWithSHAAnd3-KeyTripleDES-CBC (PKCS#12 PBE): params SEQUENCE { salt OCTET STRING, iterations INTEGER }. */
function decryptTripleDes(algorithm: pkijs.AlgorithmIdentifier, data: Uint8Array, password: string): Buffer {
  const params = algorithm.algorithmParams as asn1js.Sequence;
  const [saltBlock, iterationsBlock] = params.valueBlock.value as [asn1js.OctetString, asn1js.Integer];
  const salt = new Uint8Array(saltBlock.valueBlock.valueHexView);
  const iterations = iterationsBlock.valueBlock.valueDec;
  if (!(iterations >= 1 && iterations <= 10_000_000)) throw new Error("iterations");
  const decipher = createDecipheriv("des-ede3-cbc", pkcs12Kdf(password, salt, iterations, 1, 24), pkcs12Kdf(password, salt, iterations, 2, 8));
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export interface Pkcs12Contents {
  certificate: pkijs.Certificate;
  /** The certificate's DER bytes as stored (for hashes). */
  certificateDer: Uint8Array;
  privateKey: CryptoKey;
  /** The subject as people read it: CN, then the other parts ("Mario Rossi, C=IT, …"). */
  subject: string;
  notAfter: Date;
  notBefore: Date;
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => Uint8Array.prototype.slice.call(bytes).buffer as ArrayBuffer;

const NAMES: Record<string, string> = {
  "2.5.4.3": "CN", "2.5.4.6": "C", "2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.4": "SN", "2.5.4.42": "GN",
  "2.5.4.5": "serialNumber", "2.5.4.7": "L", "2.5.4.8": "ST", "2.5.4.46": "dnQualifier", "2.5.4.97": "organizationIdentifier",
};

/** The subject of a certificate as people read it: the common name first, then the other parts. */
export function certificateSubject(cert: pkijs.Certificate): string {
  const parts = cert.subject.typesAndValues.map((tv) => ({ name: NAMES[tv.type] ?? tv.type, value: String(tv.value.valueBlock.value) }));
  const cn = parts.filter((p) => p.name === "CN").map((p) => p.value);
  const others = parts.filter((p) => p.name !== "CN").map((p) => `${p.name}=${p.value}`);
  return [...cn, ...others].join(", ");
}

async function importPrivateKey(info: pkijs.PrivateKeyInfo): Promise<CryptoKey> {
  const der = info.toSchema().toBER(false);
  const algorithm = info.privateKeyAlgorithm.algorithmId;
  if (algorithm === OID.rsa) {
    return subtle.importKey("pkcs8", der, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  }
  if (algorithm === OID.ec) {
    const curveOid = (info.privateKeyAlgorithm.algorithmParams as asn1js.ObjectIdentifier | undefined)?.valueBlock?.toString();
    const namedCurve = curveOid === "1.3.132.0.34" ? "P-384" : curveOid === "1.3.132.0.35" ? "P-521" : "P-256";
    return subtle.importKey("pkcs8", der, { name: "ECDSA", namedCurve }, false, ["sign"]);
  }
  throw new BadRequestError(`Tipo di chiave privata non supportato (${algorithm})`);
}

/**
 * Opens a PKCS#12 (.p12/.pfx) with its password: the first certificate whose key is in the file (matched by
 * localKeyId, else the first certificate), its private key as a WebCrypto key, subject and validity.
 * Throws BadRequestError (400) with an Italian message: wrong password, not a PKCS#12, legacy cipher, incomplete.
 */
export async function readPkcs12(p12: Uint8Array, password: string): Promise<Pkcs12Contents> {
  let pfx: pkijs.PFX;
  try {
    const asn = asn1js.fromBER(toArrayBuffer(p12));
    if (asn.offset === -1) throw new Error("asn1");
    pfx = new pkijs.PFX({ schema: asn.result });
  } catch {
    throw new BadRequestError(P12_UNREADABLE);
  }
  const utf8 = new TextEncoder().encode(password).buffer as ArrayBuffer;
  // integrity first: the MAC (PKCS#12 KDF; pkijs turns the UTF-8 password into the BMPString it hashes) tells a wrong password before any decryption
  if (pfx.macData) {
    try {
      await pfx.parseInternalValues({ password: utf8, checkIntegrity: true });
    } catch (e) {
      const message = String((e as Error)?.message ?? "");
      if (/integrity|stamp|mac/i.test(message)) throw new BadRequestError(WRONG_P12_PASSWORD);
      throw new BadRequestError(P12_UNREADABLE);
    }
  } else {
    try {
      await pfx.parseInternalValues({ checkIntegrity: false });
    } catch {
      throw new BadRequestError(P12_UNREADABLE);
    }
  }
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new BadRequestError(P12_UNREADABLE);
  // the bags: plain (id-data), PBES2 (pkijs decrypts), or pbeWithSHAAnd3-KeyTripleDES-CBC (Windows' "TripleDES-SHA1"
  // export: decrypted here); RC2 (openssl -legacy) is refused. Read from copies: pkijs' fromSchema strips its input.
  const safeContentsList: pkijs.SafeContents[] = [];
  for (const ci of safe.safeContents) {
    const copy = asn1js.fromBER((ci.content as asn1js.BaseBlock).toBER(false)).result;
    if (ci.contentType === "1.2.840.113549.1.7.1") {
      safeContentsList.push(pkijs.SafeContents.fromBER((copy as asn1js.OctetString).getValue()));
      continue;
    }
    if (ci.contentType !== "1.2.840.113549.1.7.6") continue; // public-key enveloped bags: not for a signing certificate file
    const ed = new pkijs.EncryptedData({ schema: copy });
    const algorithm = ed.encryptedContentInfo.contentEncryptionAlgorithm;
    const encrypted = ed.encryptedContentInfo.getEncryptedContent();
    let plain: ArrayBuffer;
    try {
      if (algorithm.algorithmId === OID.pbes2) plain = await ed.decrypt({ password: utf8 });
      else if (algorithm.algorithmId === OID.tripleDes) plain = toArrayBuffer(decryptTripleDes(algorithm, new Uint8Array(encrypted), password));
      else throw new BadRequestError(P12_LEGACY);
    } catch (e) {
      if (e instanceof BadRequestError) throw e;
      // no MAC to tell it earlier: a failed decryption is the password's
      throw new BadRequestError(pfx.macData ? P12_UNREADABLE : WRONG_P12_PASSWORD);
    }
    try {
      safeContentsList.push(pkijs.SafeContents.fromBER(plain));
    } catch {
      throw new BadRequestError(pfx.macData ? P12_UNREADABLE : WRONG_P12_PASSWORD);
    }
  }
  const certs: { cert: pkijs.Certificate; der: Uint8Array; keyId?: string }[] = [];
  const keys: { info: pkijs.PrivateKeyInfo; keyId?: string }[] = [];
  const keyIdOf = (bag: pkijs.SafeBag) => {
    const attr = bag.bagAttributes?.find((a) => a.type === OID.localKeyId);
    const v = attr?.values?.[0] as asn1js.OctetString | undefined;
    return v ? Buffer.from(v.valueBlock.valueHexView).toString("hex") : undefined;
  };
  for (const contents of safeContentsList) {
    for (const bag of contents.safeBags) {
      if (bag.bagId === OID.certBag) {
        const certBag = bag.bagValue as pkijs.CertBag;
        if (certBag.certId !== OID.x509Certificate) continue;
        const value = certBag.certValue as asn1js.OctetString;
        const der = new Uint8Array(value.valueBlock.valueHexView);
        const parsed = asn1js.fromBER(toArrayBuffer(der));
        certs.push({ cert: new pkijs.Certificate({ schema: parsed.result }), der, keyId: keyIdOf(bag) });
      } else if (bag.bagId === OID.shroudedKeyBag) {
        const shrouded = bag.bagValue as pkijs.PKCS8ShroudedKeyBag;
        if (shrouded.encryptionAlgorithm.algorithmId === OID.tripleDes) {
          let info: pkijs.PrivateKeyInfo;
          try {
            const plain = decryptTripleDes(shrouded.encryptionAlgorithm, new Uint8Array(shrouded.encryptedData.valueBlock.valueHexView), password);
            info = pkijs.PrivateKeyInfo.fromBER(toArrayBuffer(plain));
          } catch {
            throw new BadRequestError(WRONG_P12_PASSWORD);
          }
          keys.push({ info, keyId: keyIdOf(bag) });
          continue;
        }
        if (shrouded.encryptionAlgorithm.algorithmId !== OID.pbes2) throw new BadRequestError(P12_LEGACY);
        try {
          // protected in pkijs' types, public at run time (SafeContents calls it the same way)
          await (shrouded as unknown as { parseInternalValues(p: { password: ArrayBuffer }): Promise<void> }).parseInternalValues({ password: utf8 });
        } catch {
          throw new BadRequestError(WRONG_P12_PASSWORD);
        }
        if (shrouded.parsedValue) keys.push({ info: shrouded.parsedValue, keyId: keyIdOf(bag) });
      } else if (bag.bagId === OID.keyBag) {
        keys.push({ info: bag.bagValue as unknown as pkijs.PrivateKeyInfo, keyId: keyIdOf(bag) });
      }
    }
  }
  if (keys.length === 0 || certs.length === 0) throw new BadRequestError(P12_INCOMPLETE);
  const key = keys[0];
  const chosen = (key.keyId && certs.find((c) => c.keyId === key.keyId)) || certs[0];
  const privateKey = await importPrivateKey(key.info);
  return {
    certificate: chosen.cert,
    certificateDer: chosen.der,
    privateKey,
    subject: certificateSubject(chosen.cert),
    notAfter: chosen.cert.notAfter.value,
    notBefore: chosen.cert.notBefore.value,
  };
}

/** `<name>.xml.p7m` for an invoice file name (with or without .xml). */
export const p7mFileName = (name: string): string => `${name.replace(/\.xml$/i, "")}.xml.p7m`;

function signingCertificateV2(cert: pkijs.Certificate, certHash: ArrayBuffer): asn1js.Sequence {
  // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }
  // ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha256 (omitted), certHash OCTET STRING, issuerSerial IssuerSerial }
  // IssuerSerial ::= SEQUENCE { issuer GeneralNames (directoryName [4]), serialNumber INTEGER }
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] })],
      }),
      new asn1js.Integer({ valueHex: cert.serialNumber.valueBlock.valueHexView.slice().buffer }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/**
 * A CAdES-BES attached signature of `content` (DER bytes of the ContentInfo), signed with the PKCS#12's key.
 * `now` is the signing time (tests). Throws BadRequestError on a bad certificate or password, or an expired one.
 */
export async function signCades(content: Uint8Array, p12: Uint8Array, password: string, now: Date = new Date()): Promise<Uint8Array> {
  const { certificate, certificateDer, privateKey, notAfter, notBefore } = await readPkcs12(p12, password);
  if (now.getTime() > notAfter.getTime()) {
    throw new BadRequestError(`Il certificato di firma è scaduto il ${notAfter.toLocaleDateString("it-IT", { timeZone: "Europe/Rome" })}: caricane uno valido`);
  }
  if (now.getTime() < notBefore.getTime()) throw new BadRequestError("Il certificato di firma non è ancora valido");
  const data = toArrayBuffer(content);
  const digest = await subtle.digest("SHA-256", data);
  const certHash = await subtle.digest("SHA-256", toArrayBuffer(certificateDer));
  const signingTime = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const cms = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.data,
      eContent: new asn1js.OctetString({ valueHex: data }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: signingTime })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(certificate, certHash)] }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  await cms.sign(privateKey, 0, "SHA-256");
  const info = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: cms.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER(false));
}
