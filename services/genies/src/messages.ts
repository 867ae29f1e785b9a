/** What the genies service says when it refuses a request: the specs' words, letter for letter. */
export const Messages = {
  quantity: 'Quantity must be a whole number from 1 to 10',
  noBottles: 'You have no bottles to reveal',
  genieNotFound: 'Genie not found',
  userNotFound: 'User not found',
  sendMissing: 'Please select a genie and enter recipient username',
  messageTooLong: 'Message must be at most 200 characters',
  sendToSelf: 'You cannot send a genie to yourself',
  regift: 'A genie received as a gift cannot be sent again',
  nicknameTooLong: 'Nickname must be at most 30 characters',
  price: 'Genie bottle price must be between 50 and 1000 AuraCoin',
  priceNotAllowed: 'Only a super admin can change the genie bottle price',
  keyReused: 'This Idempotency-Key was already used for a different request',
} as const;
