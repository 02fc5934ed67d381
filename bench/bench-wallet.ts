/**
 * A minimal EIP-6963 wallet, injected into a page like an extension (Playwright's addInitScript). Plain script, no
 * viem: the timed pages must not load the test kit. It answers the chain id and no accounts, enough to list it.
 */
export const BENCH_WALLET_SCRIPT = `
  (() => {
    const provider = { request: async ({ method }) => method === 'eth_chainId' ? '0x7a69' : method === 'eth_accounts' ? [] : null, on() {}, removeListener() {} };
    const detail = Object.freeze({ info: { uuid: 'bench', name: 'Bench Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'dev.portico.bench' }, provider });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  })();
`
