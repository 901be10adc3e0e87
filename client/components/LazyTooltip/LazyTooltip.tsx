// Mantine's <Tooltip> for what a page shows at its first paint (the app shell, the chat, the landing
// page): the element shows at once, and gains its tooltip when the tooltip's code has loaded, just
// after. That code brings the floating-ui positioning library, which nothing else there needs to paint.
// Same props as Tooltip.
import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';

const MantineTooltip = lazy(() => import('./MantineTooltip'));

export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <MantineTooltip {...props} />
    </Suspense>
  );
}
