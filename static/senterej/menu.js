// The site menu on narrow screens: the "Menu" button opens and closes it, and Escape in the header closes it
// again. Loaded in the page's head, before anything is drawn: the class it sets lets the stylesheet fold the
// menu away on a phone, so that a page without this script keeps its menu open instead.
(() => {
  "use strict";

  document.documentElement.classList.add("has-menu");

  const setOpen = (toggle, open) => toggle.setAttribute("aria-expanded", open ? "true" : "false");

  document.addEventListener("click", (event) => {
    const toggle = event.target.closest(".site-menu__toggle");
    if (toggle) {
      setOpen(toggle, toggle.getAttribute("aria-expanded") !== "true");
    }
  });

  document.addEventListener("keydown", (event) => {
    const toggle = document.querySelector('.site-menu__toggle[aria-expanded="true"]');
    if (event.key === "Escape" && toggle && toggle.closest("header").contains(document.activeElement)) {
      setOpen(toggle, false);
      toggle.focus();
    }
  });
})();
