/**
 * The RFP messages of spec 001 sections 5 and 8, word for word. Without a schema: pages import them
 * from here (decision 056); `@domain/rfp` re-exports them.
 */
export const RFP_MESSAGES = {
  titleMin: "Title must be at least 5 characters",
  descriptionMin: "Description must be at least 20 characters",
  categoryRequired: "Category is required",
  deadlineRequired: "Proposal deadline is required",
  deadlineFuture: "Deadline must be in the future",
  endAfterStart: "End date must be after start date",
  rangeBothRequired: "Both minimum and maximum budget are required for range",
  minAboveMax: "Minimum budget cannot exceed maximum",
  fixedRequired: "Fixed budget amount is required",
  hourlyRequired: "Hourly rate is required",
  completeRequired: "Please complete all required fields",
  notAuthenticated: "User not authenticated",
  notAuthorizedCreate: "User not authorized to create RFPs",
  notAuthorizedView: "Not authorized to view this RFP",
  notAuthorizedUpdate: "Not authorized to update this RFP",
  coreFieldsLocked: "Cannot modify core fields of published RFP",
  publishFailed: "Failed to publish RFP",
  saveFailed: "Failed to save RFP",
  notFound: "Resource not found",
  // Not worded by the specification:
  visibilityRequired: "Visibility is required",
  draftTitleRequired: "Add a title to save a draft",
  privateNeedsInvitations: "Invite at least one vendor to a private RFP",
  notDraft: "Only a draft can be published",
  notPublished: "Only a published RFP can be closed or cancelled",
  alreadyEnded: "This RFP is already closed or cancelled",
  deleteOnlyInactive: "Cancel the RFP before deleting it",
  deadlineNotReached: "The proposal deadline has not passed yet",
  cancelReasonRequired: "Give a reason for cancelling",
  editConflict: "This RFP was changed while you were editing; review the changes and save again",
} as const;
