// The widget the keyboard acts on: the one last hovered or holding the focus. Each card registers what it
// can do from the keyboard (full screen, cycle its expirations); the shortcuts ask the active one.

export interface WidgetKeyActions {
  toggleFullScreen?: () => void;
  cycleExpirations?: () => void;
}

let activeId: string | null = null;
const actions = new Map<string, WidgetKeyActions>();

export function setActiveWidget(id: string | null): void {
  activeId = id;
}

export function activeWidgetId(): string | null {
  return activeId && actions.has(activeId) ? activeId : null;
}

export function activeWidgetActions(): WidgetKeyActions | null {
  const id = activeWidgetId();
  return id ? actions.get(id) ?? null : null;
}

/** Registers a card's keyboard actions; returns the function that removes them. */
export function registerWidgetKeys(id: string, keys: WidgetKeyActions): () => void {
  actions.set(id, keys);
  return () => {
    if (actions.get(id) === keys) actions.delete(id);
    if (activeId === id && !actions.has(id)) activeId = null;
  };
}
