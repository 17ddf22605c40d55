// A real x402 facilitator over HTTP (/supported, /verify, /settle) built from @x402/core's
// x402Facilitator and the exact-scheme facilitators of @x402/evm and @x402/svm, versions 1 and 2.
// Signatures are checked by those packages; only the chain is local: token state for EVM (balances,
// used EIP-3009 nonces, the transfer itself) and landed transactions for Solana. It also answers the
// two Solana JSON-RPC reads a paying client makes (the mint account and a recent blockhash).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { x402Facilitator } from '@x402/core/facilitator';
import type { Network, PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { eip3009ABI, toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { decodeTransactionFromPayload, SOLANA_DEVNET_CAIP2, SOLANA_MAINNET_CAIP2, toFacilitatorSvmSigner, transactionMessageHash, TOKEN_PROGRAM_ADDRESS } from '@x402/svm';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/facilitator';
import { generateKeyPairSigner, getBase58Decoder, getSignatureFromTransaction } from '@solana/kit';
import { type Abi, decodeFunctionData, encodeFunctionResult, type Hex, verifyTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { closeServer, listenLocal } from './http-server.js';

export interface TestFacilitator {
  url: string;
  /** Solana JSON-RPC for paying clients (`rpcUrl` of the SVM client schemes). */
  solanaRpcUrl: string;
  /** The SVM fee payer advertised in /supported. */
  feePayer: string;
  /** Requests received, per endpoint. */
  calls: { supported: number; verify: number; settle: number };
  /** Transfers that landed on the local chain: what payers were actually charged. */
  readonly landed: number;
  /** When true, chain writes fail: every settlement comes back unsuccessful. */
  failWrites: boolean;
  /** A fault on /settle, until set back to undefined. */
  settleFault: SettleFault | undefined;
  close(): Promise<void>;
}

/**
 * `stall`: the transfer lands at once but the answer comes `ms` later (a facilitator slow to
 * confirm); `error`: /settle answers `status` with no settle body, after landing the transfer when
 * `landed`, else without touching the chain.
 */
export type SettleFault = { kind: 'stall'; ms: number } | { kind: 'error'; status: number; landed: boolean };

interface ChainState {
  failWrites: boolean;
  landed: number;
}

const ERC20_ABI = eip3009ABI as Abi;
const USDC_DOMAIN: Record<string, { name: string; version: string }> = {
  '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': { name: 'USD Coin', version: '2' },
  '0x036cbd53842c5426634e7929541ec2318f3dcf7e': { name: 'USDC', version: '2' },
};
const EVM_BALANCE = 1_000_000_000n; // 1000 USDC for every payer

/** EVM token state, enough for EIP-3009 transferWithAuthorization and the facilitator's reads. */
function evmChain(state: ChainState) {
  const usedNonces = new Set<string>();
  const nonceKey = (token: string, from: unknown, nonce: unknown) => `${token}:${String(from)}:${String(nonce)}`.toLowerCase();

  function call(token: string, functionName: string, args: readonly unknown[]): unknown {
    const domain = USDC_DOMAIN[token.toLowerCase()];
    switch (functionName) {
      case 'balanceOf':
        return EVM_BALANCE;
      case 'name':
        return domain?.name ?? '';
      case 'version':
        return domain?.version ?? '';
      case 'authorizationState':
        return usedNonces.has(nonceKey(token, args[0], args[1]));
      case 'transferWithAuthorization':
        if (usedNonces.has(nonceKey(token, args[0], args[5]))) throw new Error('execution reverted: authorization is used');
        return undefined;
      default:
        throw new Error(`execution reverted: ${functionName} not modelled`);
    }
  }

  return toFacilitatorEvmSigner({
    address: privateKeyToAccount(generatePrivateKey()).address,
    async getCode({ address }) {
      return USDC_DOMAIN[address.toLowerCase()] ? '0x6080' : '0x';
    },
    async readContract({ address, functionName, args = [] }) {
      if (functionName !== 'tryAggregate') return call(address, functionName, args);
      const [, calls] = args as [boolean, { target: Hex; callData: Hex }[]];
      return calls.map(({ target, callData }) => {
        try {
          const decoded = decodeFunctionData({ abi: ERC20_ABI, data: callData });
          const result = call(target, decoded.functionName, decoded.args ?? []);
          return { success: true, returnData: encodeFunctionResult({ abi: ERC20_ABI, functionName: decoded.functionName, result }) };
        } catch {
          return { success: false, returnData: '0x' as Hex };
        }
      });
    },
    verifyTypedData: (args) => verifyTypedData(args as Parameters<typeof verifyTypedData>[0]),
    async writeContract({ address, functionName, args }) {
      if (state.failWrites) throw new Error('execution reverted: chain write refused by the test');
      call(address, functionName, args);
      usedNonces.add(nonceKey(address, args[0], args[5]));
      state.landed++;
      return `0x${randomBytes(32).toString('hex')}`;
    },
    async sendTransaction() {
      throw new Error('smart-wallet deployment is not modelled');
    },
    async waitForTransactionReceipt() {
      return { status: 'success' };
    },
  });
}

/** The official SVM signer for signing; sending and simulating are answered from local state. */
async function svmChain(state: ChainState) {
  const keys = await generateKeyPairSigner();
  const landed = new Set<string>();
  const official = toFacilitatorSvmSigner(keys);
  const decode = (transaction: string) => decodeTransactionFromPayload({ transaction });
  return {
    feePayer: keys.address as string,
    signer: {
      ...official,
      async simulateTransaction(transaction: string) {
        if (landed.has(transactionMessageHash(decode(transaction)))) throw new Error('Simulation failed: AlreadyProcessed');
      },
      async sendTransaction(transaction: string) {
        if (state.failWrites) throw new Error('transaction refused by the test');
        const tx = decode(transaction);
        landed.add(transactionMessageHash(tx));
        state.landed++;
        return getSignatureFromTransaction(tx);
      },
      async confirmTransaction() {},
    },
  };
}

/** An SPL mint account (82 bytes): no authorities, 6 decimals, initialized. */
function mintAccountData(): string {
  const data = Buffer.alloc(82);
  data.writeUInt8(6, 44);
  data.writeUInt8(1, 45);
  return data.toString('base64');
}

function solanaRpc(method: string): unknown {
  const context = { slot: 1000 };
  switch (method) {
    case 'getAccountInfo':
      return {
        context,
        value: { data: [mintAccountData(), 'base64'], executable: false, lamports: 1_461_600, owner: TOKEN_PROGRAM_ADDRESS, rentEpoch: 0, space: 82 },
      };
    case 'getLatestBlockhash':
      return { context, value: { blockhash: getBase58Decoder().decode(randomBytes(32)), lastValidBlockHeight: 1150 } };
    default:
      throw new Error(`${method} not modelled`);
  }
}

/** registerV1 takes version 1 names (`base`), which its CAIP-2 `Network` type does not describe. */
const v1Names = (...names: string[]) => names as unknown as Network[];

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

export async function startTestFacilitator(): Promise<TestFacilitator> {
  const state: ChainState = { failWrites: false, landed: 0 };
  let settleFault: SettleFault | undefined;
  const evm = evmChain(state);
  const svm = await svmChain(state);
  const facilitator = new x402Facilitator()
    .register(['eip155:8453', 'eip155:84532'], new ExactEvmScheme(evm))
    .registerV1(v1Names('base', 'base-sepolia'), new ExactEvmSchemeV1(evm))
    .register([SOLANA_MAINNET_CAIP2, SOLANA_DEVNET_CAIP2] as Network[], new ExactSvmScheme(svm.signer))
    .registerV1(v1Names('solana', 'solana-devnet'), new ExactSvmSchemeV1(svm.signer));
  const calls = { supported: 0, verify: 0, settle: 0 };

  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'GET' && req.url === '/supported') {
        calls.supported++;
        return send(res, 200, facilitator.getSupported());
      }
      if (req.method === 'POST' && (req.url === '/verify' || req.url === '/settle')) {
        const { paymentPayload, paymentRequirements } = (await readJson(req)) as {
          paymentPayload: PaymentPayload;
          paymentRequirements: PaymentRequirements;
        };
        if (req.url === '/verify') {
          calls.verify++;
          return send(res, 200, await facilitator.verify(paymentPayload, paymentRequirements));
        }
        calls.settle++;
        const fault = settleFault;
        const failure = { error: 'facilitator failure injected by the test' };
        if (fault?.kind === 'error' && !fault.landed) return send(res, fault.status, failure);
        const settled = await facilitator.settle(paymentPayload, paymentRequirements);
        if (fault?.kind === 'error') return send(res, fault.status, failure);
        if (fault?.kind === 'stall') await new Promise((r) => setTimeout(r, fault.ms));
        return send(res, 200, settled);
      }
      if (req.method === 'POST' && req.url === '/solana-rpc') {
        const { id, method } = (await readJson(req)) as { id: unknown; method: string };
        return send(res, 200, { jsonrpc: '2.0', id, result: solanaRpc(method) });
      }
      send(res, 404, { error: 'not found' });
    } catch (error) {
      send(res, 500, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  const url = await listenLocal(server);

  return {
    url,
    solanaRpcUrl: `${url}/solana-rpc`,
    feePayer: svm.feePayer,
    calls,
    get failWrites() {
      return state.failWrites;
    },
    set failWrites(value: boolean) {
      state.failWrites = value;
    },
    get landed() {
      return state.landed;
    },
    get settleFault() {
      return settleFault;
    },
    set settleFault(value: SettleFault | undefined) {
      settleFault = value;
    },
    close: () => closeServer(server),
  };
}
