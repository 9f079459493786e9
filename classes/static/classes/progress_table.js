// The class's progress table, when it is wider than its box: the line above it says that more columns lie to
// the right, and the frame shows a shadow at each edge that hides columns, kept true as the table is
// scrolled and the window resized. Without this script the table still scrolls, with its scrollbar.
(() => {
  "use strict";

  const show = (box) => {
    const frame = box.parentElement;
    const hidden = box.scrollWidth - box.clientWidth;
    frame.classList.toggle("is-cut-left", box.scrollLeft > 1);
    frame.classList.toggle("is-cut-right", box.scrollLeft < hidden - 1);
    const more = document.getElementById(box.getAttribute("aria-describedby"));
    if (more) {
      more.hidden = hidden <= 1;
    }
  };

  document.addEventListener("DOMContentLoaded", () => {
    for (const box of document.querySelectorAll(".progress-scroll")) {
      show(box);
      box.addEventListener("scroll", () => show(box), { passive: true });
      new ResizeObserver(() => show(box)).observe(box);
    }
  });
})();
