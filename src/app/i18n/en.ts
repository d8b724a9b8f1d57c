/**
 * The application's own texts in English (ICU message syntax), by id. The Arabic catalogue (ar.ts) must have the
 * same ids (the type checker and test/unit/i18n/appMessages.test.ts make sure) and is loaded only when Arabic is
 * chosen. Texts of the content (steps, lists, products) are not here: they come from schemas/ through the config
 * endpoint, translated by schemas/i18n/<locale>.json.
 */
export const en = {
  'language.switch': 'العربية',
  'language.switchLabel': 'اقرأ هذه الصفحة بالعربية (Arabic)',

  'shell.skip': 'Skip to main content',
  'shell.header': '{account} Application',
  'shell.headerFor': '{account} Application for {company}',
  'shell.progress': 'Application progress',
  'shell.allAccounts': ': all business accounts',
  'shell.logout': 'Logout',
  'shell.roCode': '{name} (RO code {code})',
  'shell.desktopBanner': 'Use the desktop to access all the services of Quick Apply',
  'shell.closeBanner': 'Close the banner',

  'steps.label': 'Application steps',
  'steps.completed': ' (completed)',
  'journey.1': 'Basic Information',
  'journey.2': 'Company Information',
  'journey.3': 'Company Stakeholders',
  'journey.4': 'Final Questions',
  'journey.5': 'Upload Documents',
  'journey.6': 'Select Services',

  'panel.accountsComparison': 'All businesses start with an account. Get yours now.',
  'panel.comeBackLogin': 'Good to see you back!',
  'panel.verification': "Confirm that it's you",
  'panel.startPages': 'Opening an account has never been this simple.',
  'panel.companyInfo': 'Tell us about your company',
  'panel.finalQuestions': 'A few final questions',
  'panel.services': 'Choose the services you need',

  'common.loading': 'Loading',
  'common.continue': 'Continue',
  'common.back': 'Back',
  'common.ok': 'OK',
  'common.glitch': 'Oops! We are facing a glitch at the moment, please try again later.',

  'landing.title': 'Get started with your banking needs online, in minutes.',
  'landing.intro': 'Open a business account for your company in the UAE: conventional or Islamic, with value packages.',
  'landing.loading': 'Loading accounts',
  'landing.see': 'See {name}',
  'landing.compare': 'Compare accounts',

  'accounts.title': 'Compare our business accounts',
  'accounts.intro': 'Choose the account that fits your business. Every account comes in a conventional and an Islamic form.',
  'accounts.caption': 'Business accounts compared',
  'accounts.account': 'Account',
  'accounts.choose': 'Choose',
  'accounts.list': 'Business accounts',
  'accounts.bankingType': 'Banking type',

  'code.basicInformation': 'Basic Information',
  'code.welcomeBack': 'Good to see you back!',
  'code.introNew': 'Tell us who you are. We will send a one-time code to your mobile number and e-mail to confirm it is you.',
  'code.introBack': 'Enter the e-mail and mobile number you applied with. We will send you a one-time code.',
  'code.invited': 'Your relationship officer invited you to open a {account} account. We filled in the details they gave us: check them and continue.',
  'code.sendFailed': 'We could not send the code. Please check your connection and try again.',
  'code.sending': 'Sending code',
  'code.alreadyApplied': 'Already applied? Continue your application',
  'code.startNew': 'Start a new application',

  'verify.title': "Confirm that it's you",
  'verify.sent': 'We sent a 6-digit code to your mobile number {mobile} and to your e-mail. Please enter it below.',
  'verify.field': 'One-time code',
  'verify.digit': 'Digit {n} of {total}',
  'verify.refused': 'This code was not accepted: type the 6 digits again, or ask for a new code',
  'verify.wrong': 'The one-time code is not correct',
  'verify.OTP_INVALID': 'The one-time code is not correct',
  'verify.OTP_LOCKED': 'Too many wrong attempts: this code can no longer be used. Please ask for a new code',
  'verify.OTP_EXPIRED': 'The one-time code has expired. Please ask for a new code',
  'verify.OTP_NOT_FOUND': 'No one-time code is waiting for these details. Please ask for a new code',
  'verify.missingDigits': 'One-time code must have 6 digits: type the missing digits',
  'verify.empty': 'One-time code is not filled: type the 6 digits we sent you',
  'verify.confirm': 'Confirm',
  'verify.checkFailed': 'We could not check the code. Please check your connection and try again.',
  'verify.resent': 'We sent you a new code.',
  'verify.resendFailed': 'We could not send a new code. Please try again.',
  'verify.checking': 'Checking',
  'verify.resend': 'Send a new code',
  'verify.wait': 'You can ask for a new code in {time}',
  'verify.noCode': "Didn't get the code? Ask for a new one.",
  'verify.attemptsLeft': '{count, plural, one {# attempt left} other {# attempts left}}',

  'flow.loading': 'Loading your application',
  'flow.nothing': 'There is nothing to answer on this page for your application.',
  'flow.saveFailed': 'Your answers could not be saved. Please try again.',
  'flow.stepOf': 'Step {n} of {total}',
  'flow.saving': 'Saving',
  'flow.loadingForm': 'Loading the form',
  'flow.oneStepAttention': 'A step needs your attention',
  'flow.stepsAttention': 'Some steps need your attention',

  'save.saved': 'All changes saved',
  'save.pending': 'Unsaved changes',
  'save.saving': 'Saving…',
  'save.offline': 'You are offline. Your changes are kept and will be saved when you are back online.',
  'save.retrying': 'Saving failed. Trying again…',
  'save.refused': 'Not saved — fix the highlighted field',
} as const;

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;
