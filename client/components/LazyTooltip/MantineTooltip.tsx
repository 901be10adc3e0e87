// Mantine's Tooltip on its own, for LazyTooltip to load.
import { Tooltip, type TooltipProps } from '@mantine/core';

export default function MantineTooltip(props: TooltipProps) {
  return <Tooltip {...props} />;
}
