/** The app's catalogues compiled to message ASTs at build time (scripts/lib/appMessages.ts). */
declare module 'virtual:app-messages/enPages' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./enPages').PageMessageId, MessageFormatElement[]>;
  export default messages;
}
declare module 'virtual:app-messages/enAgent' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./enAgent').AgentMessageId, MessageFormatElement[]>;
  export default messages;
}
declare module 'virtual:app-messages/arAgent' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./enAgent').AgentMessageId, MessageFormatElement[]>;
  export default messages;
}
declare module 'virtual:app-messages/enStudio' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./enStudio').StudioMessageId, MessageFormatElement[]>;
  export default messages;
}
declare module 'virtual:app-messages/arStudio' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./enStudio').StudioMessageId, MessageFormatElement[]>;
  export default messages;
}
declare module 'virtual:app-messages/enStakeholders' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./enStakeholders').StakeholderMessageId, MessageFormatElement[]>;
  export default messages;
}
declare module 'virtual:app-messages/*' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<import('./en').MessageId, MessageFormatElement[]>;
  export default messages;
}
