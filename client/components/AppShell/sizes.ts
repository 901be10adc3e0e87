// The app shell's measures, apart from the shell itself: the toasts (in the entry bundle) line up
// with the sidebar without pulling the signed-in frame into the landing page's script.
export const SIDEBAR_WIDTH = 288;
