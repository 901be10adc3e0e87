// Mantine's Modal on its own, for LazyModal to load.
import { Modal, type ModalProps } from '@mantine/core';

export default function MantineModal(props: ModalProps) {
  return <Modal {...props} />;
}
