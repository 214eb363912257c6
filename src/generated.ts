//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// DemoToken
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const demoTokenAbi = [
  {
    type: 'constructor',
    inputs: [
      { name: 'name_', type: 'string' },
      { name: 'symbol_', type: 'string' },
    ],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    name: 'allowance',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    name: 'approve',
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'account', type: 'address' }],
    name: 'balanceOf',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'decimals',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    name: 'mint',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'name',
    outputs: [{ name: '', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'symbol',
    outputs: [{ name: '', type: 'string' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'totalSupply',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    name: 'transfer',
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    name: 'transferFrom',
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'spender', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
    name: 'Approval',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
    name: 'Transfer',
  },
  {
    type: 'error',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'allowance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
    name: 'ERC20InsufficientAllowance',
  },
  {
    type: 'error',
    inputs: [
      { name: 'sender', type: 'address' },
      { name: 'balance', type: 'uint256' },
      { name: 'needed', type: 'uint256' },
    ],
    name: 'ERC20InsufficientBalance',
  },
  {
    type: 'error',
    inputs: [{ name: 'approver', type: 'address' }],
    name: 'ERC20InvalidApprover',
  },
  {
    type: 'error',
    inputs: [{ name: 'receiver', type: 'address' }],
    name: 'ERC20InvalidReceiver',
  },
  {
    type: 'error',
    inputs: [{ name: 'sender', type: 'address' }],
    name: 'ERC20InvalidSender',
  },
  {
    type: 'error',
    inputs: [{ name: 'spender', type: 'address' }],
    name: 'ERC20InvalidSpender',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// LegacyClaim
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const legacyClaimAbi = [
  {
    type: 'constructor',
    inputs: [
      { name: 'token_', type: 'address' },
      { name: 'claimStart_', type: 'uint256' },
    ],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'acceptOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'owners', type: 'address[]' },
      { name: 'amounts', type: 'uint256[]' },
    ],
    name: 'addClaims',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'claim',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'claimByOwner',
    outputs: [{ name: 'amount', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'claimStart',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'everAllocated',
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'owner',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'pendingOwner',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'renounceOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'token',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'newOwner', type: 'address' }],
    name: 'transferOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
    ],
    name: 'ClaimAdded',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
    ],
    name: 'ClaimSkipped',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'owner', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
    ],
    name: 'Claimed',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'previousOwner', type: 'address', indexed: true },
      { name: 'newOwner', type: 'address', indexed: true },
    ],
    name: 'OwnershipTransferStarted',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'previousOwner', type: 'address', indexed: true },
      { name: 'newOwner', type: 'address', indexed: true },
    ],
    name: 'OwnershipTransferred',
  },
  {
    type: 'error',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'max', type: 'uint256' },
    ],
    name: 'LegacyClaim_AmountTooLarge',
  },
  {
    type: 'error',
    inputs: [
      { name: 'timestamp', type: 'uint256' },
      { name: 'claimStart', type: 'uint256' },
    ],
    name: 'LegacyClaim_ClaimNotStarted',
  },
  {
    type: 'error',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'LegacyClaim_DuplicateOwner',
  },
  {
    type: 'error',
    inputs: [
      { name: 'expected', type: 'uint256' },
      { name: 'received', type: 'uint256' },
    ],
    name: 'LegacyClaim_FundingMismatch',
  },
  {
    type: 'error',
    inputs: [
      { name: 'owners', type: 'uint256' },
      { name: 'amounts', type: 'uint256' },
    ],
    name: 'LegacyClaim_LengthMismatch',
  },
  {
    type: 'error',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'LegacyClaim_NothingToClaim',
  },
  {
    type: 'error',
    inputs: [{ name: 'index', type: 'uint256' }],
    name: 'LegacyClaim_ZeroAddress',
  },
  {
    type: 'error',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'LegacyClaim_ZeroAmount',
  },
  { type: 'error', inputs: [], name: 'LegacyClaim_ZeroTokenAddress' },
  {
    type: 'error',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'OwnableInvalidOwner',
  },
  {
    type: 'error',
    inputs: [{ name: 'account', type: 'address' }],
    name: 'OwnableUnauthorizedAccount',
  },
  { type: 'error', inputs: [], name: 'ReentrancyGuardReentrantCall' },
  {
    type: 'error',
    inputs: [{ name: 'token', type: 'address' }],
    name: 'SafeERC20FailedOperation',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// Multicall3
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const multicall3Abi = [
  {
    type: 'function',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    name: 'aggregate3',
    outputs: [
      {
        name: 'returnData',
        type: 'tuple[]',
        components: [
          { name: 'success', type: 'bool' },
          { name: 'returnData', type: 'bytes' },
        ],
      },
    ],
    stateMutability: 'payable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'getBlockNumber',
    outputs: [{ name: 'blockNumber', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'getChainId',
    outputs: [{ name: 'chainid', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'getCurrentBlockTimestamp',
    outputs: [{ name: 'timestamp', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'addr', type: 'address' }],
    name: 'getEthBalance',
    outputs: [{ name: 'balance', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'error',
    inputs: [{ name: 'index', type: 'uint256' }],
    name: 'Multicall3_CallFailed',
  },
] as const

//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////
// Vesting
//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////

export const vestingAbi = [
  {
    type: 'constructor',
    inputs: [
      { name: 'token_', type: 'address' },
      { name: 'claimStart_', type: 'uint256' },
      { name: 'claimEnd_', type: 'uint256' },
      { name: 'unlockStart_', type: 'uint256' },
      { name: 'unlockEnd_', type: 'uint256' },
    ],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'DEAD',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'FULL_BURN',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'acceptOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'owners', type: 'address[]' },
      { name: 'amounts', type: 'uint256[]' },
      { name: 'burnPercentages', type: 'uint256[]' },
    ],
    name: 'addClaims',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'amount', type: 'uint256' }],
    name: 'claimAndBurn',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'holder', type: 'address' }],
    name: 'claimByOwner',
    outputs: [
      { name: 'amount', type: 'uint256' },
      { name: 'burnPercentage', type: 'uint256' },
      { name: 'unlockedAmount', type: 'uint256' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'claimEnd',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'claimStart',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'holder', type: 'address' }],
    name: 'claimableAmount',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'contractAddress', type: 'address' }],
    name: 'contractWhitelist',
    outputs: [{ name: 'allowed', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [{ name: 'holder', type: 'address' }],
    name: 'everAllocated',
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'owner',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'pendingOwner',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'holder', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    name: 'previewClaimAndBurn',
    outputs: [
      { name: 'received', type: 'uint256' },
      { name: 'burned', type: 'uint256' },
    ],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'renounceOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [
      { name: 'contractAddress', type: 'address' },
      { name: 'allowed', type: 'bool' },
    ],
    name: 'setContractWhitelist',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'token',
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'totalBurned',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    name: 'transferLocked',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [{ name: 'newOwner', type: 'address' }],
    name: 'transferOwnership',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'unlock',
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    inputs: [],
    name: 'unlockEnd',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [],
    name: 'unlockStart',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    inputs: [
      { name: 'holder', type: 'address' },
      { name: 'timestamp', type: 'uint256' },
    ],
    name: 'vestedAmount',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'holder', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
      { name: 'burnPercentage', type: 'uint256', indexed: false },
    ],
    name: 'ClaimAdded',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'holder', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
      { name: 'burnPercentage', type: 'uint256', indexed: false },
    ],
    name: 'ClaimSkipped',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'holder', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
      { name: 'received', type: 'uint256', indexed: false },
      { name: 'burned', type: 'uint256', indexed: false },
    ],
    name: 'ClaimedAndBurned',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'contractAddress', type: 'address', indexed: true },
      { name: 'allowed', type: 'bool', indexed: false },
    ],
    name: 'ContractWhitelistUpdated',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
      { name: 'unlockedShareMoved', type: 'uint256', indexed: false },
    ],
    name: 'LockedTransferred',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'previousOwner', type: 'address', indexed: true },
      { name: 'newOwner', type: 'address', indexed: true },
    ],
    name: 'OwnershipTransferStarted',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'previousOwner', type: 'address', indexed: true },
      { name: 'newOwner', type: 'address', indexed: true },
    ],
    name: 'OwnershipTransferred',
  },
  {
    type: 'event',
    anonymous: false,
    inputs: [
      { name: 'holder', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
    ],
    name: 'Unlocked',
  },
  {
    type: 'error',
    inputs: [{ name: 'owner', type: 'address' }],
    name: 'OwnableInvalidOwner',
  },
  {
    type: 'error',
    inputs: [{ name: 'account', type: 'address' }],
    name: 'OwnableUnauthorizedAccount',
  },
  { type: 'error', inputs: [], name: 'ReentrancyGuardReentrantCall' },
  {
    type: 'error',
    inputs: [{ name: 'token', type: 'address' }],
    name: 'SafeERC20FailedOperation',
  },
  {
    type: 'error',
    inputs: [
      { name: 'holder', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'position', type: 'uint256' },
    ],
    name: 'Vesting_AmountExceedsPosition',
  },
  {
    type: 'error',
    inputs: [
      { name: 'holder', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'max', type: 'uint256' },
    ],
    name: 'Vesting_AmountTooLarge',
  },
  {
    type: 'error',
    inputs: [
      { name: 'holder', type: 'address' },
      { name: 'burnPercentage', type: 'uint256' },
    ],
    name: 'Vesting_BurnPercentageTooHigh',
  },
  {
    type: 'error',
    inputs: [{ name: 'holder', type: 'address' }],
    name: 'Vesting_DuplicateHolder',
  },
  {
    type: 'error',
    inputs: [
      { name: 'expected', type: 'uint256' },
      { name: 'received', type: 'uint256' },
    ],
    name: 'Vesting_FundingMismatch',
  },
  {
    type: 'error',
    inputs: [{ name: 'to', type: 'address' }],
    name: 'Vesting_InvalidRecipient',
  },
  {
    type: 'error',
    inputs: [
      { name: 'claimStart', type: 'uint256' },
      { name: 'claimEnd', type: 'uint256' },
      { name: 'unlockStart', type: 'uint256' },
      { name: 'unlockEnd', type: 'uint256' },
    ],
    name: 'Vesting_InvalidSchedule',
  },
  {
    type: 'error',
    inputs: [
      { name: 'owners', type: 'uint256' },
      { name: 'amounts', type: 'uint256' },
      { name: 'burnPercentages', type: 'uint256' },
    ],
    name: 'Vesting_LengthMismatch',
  },
  {
    type: 'error',
    inputs: [{ name: 'contractAddress', type: 'address' }],
    name: 'Vesting_NoCode',
  },
  {
    type: 'error',
    inputs: [
      { name: 'timestamp', type: 'uint256' },
      { name: 'claimEnd', type: 'uint256' },
    ],
    name: 'Vesting_NotLockedYet',
  },
  {
    type: 'error',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
    ],
    name: 'Vesting_NotWhitelisted',
  },
  {
    type: 'error',
    inputs: [{ name: 'holder', type: 'address' }],
    name: 'Vesting_NothingToUnlock',
  },
  {
    type: 'error',
    inputs: [
      { name: 'timestamp', type: 'uint256' },
      { name: 'claimStart', type: 'uint256' },
      { name: 'claimEnd', type: 'uint256' },
    ],
    name: 'Vesting_OutsideClaimWindow',
  },
  {
    type: 'error',
    inputs: [
      { name: 'holder', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'unlockedShare', type: 'uint256' },
    ],
    name: 'Vesting_TransferMovesNoValue',
  },
  {
    type: 'error',
    inputs: [
      { name: 'timestamp', type: 'uint256' },
      { name: 'unlockStart', type: 'uint256' },
    ],
    name: 'Vesting_UnlockNotStarted',
  },
  {
    type: 'error',
    inputs: [{ name: 'index', type: 'uint256' }],
    name: 'Vesting_ZeroAddress',
  },
  {
    type: 'error',
    inputs: [{ name: 'holder', type: 'address' }],
    name: 'Vesting_ZeroAmount',
  },
  { type: 'error', inputs: [], name: 'Vesting_ZeroTokenAddress' },
] as const
