import { useEffect, useRef } from 'react';
import { useExpanded } from 'react-admin';
import type { ViewProps } from '../resources/views.js';

/**
 * The `edit` slot of item templates: an item template is edited in its expanded row (name and header, sections,
 * assets), so the row's Edit — or, read only, View — button opens or closes that row instead of a modal.
 */
export default function ItemTypeOpen({ declaration, record, onClose }: ViewProps) {
  const [, toggle] = useExpanded(declaration.name, record?.id as string, true);
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toggle();
    onClose?.();
  }, [toggle, onClose]);
  return null;
}
