// Where toasts appear. Its own module, loaded beside the first render rather than
// before it: the container (and its transition and scroll-lock helpers) is not needed to paint a
// page, and a toast asked for before it arrives waits in the notifications store until it does.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { SIDEBAR_WIDTH } from '../AppShell/sizes';

export default function Toasts() {
  return (
    // One toast at a time for five seconds, bottom left, over the sidebar's foot
    // and no wider than it: elsewhere it covered the chat's Send button, the test chat's composer,
    // the editor or the avatar and Logout. The height cap (Mantine's default is 200px) leaves room
    // for a long server message.
    <Notifications
      limit={1}
      autoClose={5000}
      position="bottom-left"
      zIndex={1000}
      containerWidth={SIDEBAR_WIDTH - 32}
      notificationMaxHeight={480}
    />
  );
}
