/**
 * Sending a batch of calls (EIP-5792) and following it: loaded when a batch is sent or followed, which needs the
 * network and the wallet anyway, so that the offline app shell does not carry it.
 */
export { getCallsStatus, sendCalls } from 'wagmi/actions'
