// Stands in for react-remove-scroll where Mantine's AppShell imports it (the `mantineStandIns`
// plugin of vite.config.ts): the app shell only reads the class names the scroll lock pads when a
// dialog opens, not the lock itself, which the dialogs bring along when they load. Same names, from
// the lock's own constants.
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName } };
