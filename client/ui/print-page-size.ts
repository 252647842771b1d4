let sheet: CSSStyleSheet | null = null;

/**
 * Sets the page's size for the next print: one @page rule in a constructed style sheet, which comes after every other
 * sheet and so wins (the Content-Security-Policy refuses inline styles, not these). Whatever prints says its size here
 * before it prints, so one print's paper (an 80 mm receipt) never carries over into the next (an A4 paper).
 */
export const setPrintPageRule = (rule: string): void => {
  const next = sheet ?? new CSSStyleSheet();
  next.replaceSync(rule);
  if (!sheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, next];
  sheet = next;
};
