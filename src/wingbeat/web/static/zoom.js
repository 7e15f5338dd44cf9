// Zoom and pan for a map in a scroll box, on both pages: the wheel and the buttons zoom about a
// point, two fingers pinch, a drag pans (and the click that ends a drag is not a click on the
// map). Zooming widens the picture inside the box, so the box's own scrolling pans it and a
// click's coordinates need no correction. The picture may be replaced (each redraw): the zoom
// stays.

const MIN = 1;
const MAX = 8;
const STEP = 1.25;
const DRAG = 5;  // pixels a pointer moves before a press is a drag, not a click

export function zoomable(box) {
  let scale = 1;
  const pointers = new Map();
  let pinch = null;   // { distance, scale } when two pointers are down
  let drag = null;    // { x, y, left, top, moved } while one is
  let swallow = false;

  const content = () => box.querySelector(":scope > svg, :scope > img");

  let base = 0;  // the picture's width unzoomed (the whole map in view), measured at scale 1

  function apply() {
    const picture = content();
    if (!picture) return;
    picture.style.width = scale === 1 || !base ? "" : `${base * scale}px`;
    picture.style.maxWidth = scale === 1 ? "" : "none";
    picture.style.maxHeight = scale === 1 ? "" : "none";
    box.dataset.zoom = String(Math.round(scale * 100) / 100);
    box.classList.toggle("zoomed", scale > 1);
  }

  // Zoom to `next` about the box point (x, y), in client pixels; the box's centre by default.
  function zoomTo(next, x, y) {
    const picture = content();
    const limited = Math.min(MAX, Math.max(MIN, next));
    if (!picture || limited === scale) return;
    if (scale === 1) base = picture.getBoundingClientRect().width;
    const frame = box.getBoundingClientRect();
    const px = (x === undefined ? frame.left + box.clientWidth / 2 : x) - frame.left;
    const py = (y === undefined ? frame.top + box.clientHeight / 2 : y) - frame.top;
    const rx = (box.scrollLeft + px) / Math.max(1, picture.offsetWidth);
    const ry = (box.scrollTop + py) / Math.max(1, picture.offsetHeight);
    scale = limited;
    apply();
    box.scrollLeft = rx * picture.offsetWidth - px;
    box.scrollTop = ry * picture.offsetHeight - py;
  }

  box.addEventListener("wheel", (event) => {
    if (!content()) return;
    event.preventDefault();
    const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
    zoomTo(scale * factor, event.clientX, event.clientY);
  }, { passive: false });

  box.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale };
      drag = null;
    } else if (pointers.size === 1) {
      drag = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop,
        moved: false };
    }
  });

  box.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      zoomTo(pinch.scale * distance / Math.max(1, pinch.distance), (a.x + b.x) / 2,
        (a.y + b.y) / 2);
      return;
    }
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG) return;
    if (!drag.moved) {
      drag.moved = true;
      box.setPointerCapture(event.pointerId);
      box.classList.add("panning");
    }
    box.scrollLeft = drag.left - dx;
    box.scrollTop = drag.top - dy;
  });

  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (drag && drag.moved) swallow = true;
    if (pointers.size === 0) drag = null;
    box.classList.remove("panning");
  };
  box.addEventListener("pointerup", release);
  box.addEventListener("pointercancel", release);
  // the click a drag ends with is the drag's, not a choice on the map
  box.addEventListener("click", (event) => {
    if (swallow) { swallow = false; event.stopPropagation(); event.preventDefault(); }
  }, true);

  new MutationObserver(apply).observe(box, { childList: true });

  return {
    zoomIn: () => zoomTo(scale * STEP),
    zoomOut: () => zoomTo(scale / STEP),
    reset: () => { scale = 1; apply(); box.scrollLeft = 0; box.scrollTop = 0; },
    get scale() { return scale; },
  };
}

// The zoom buttons (+, −, whole map) and the table view (the map alone, full screen, for a
// projector or a TV; Escape or the button again leaves it) for a zoomable box.
export function zoomTools(tools, box, zoom) {
  const button = (text, label, action) => {
    const node = document.createElement("button");
    node.type = "button";
    node.textContent = text;
    node.title = label;
    node.setAttribute("aria-label", label);
    node.addEventListener("click", action);
    tools.append(node);
    return node;
  };
  button("+", "Zoom in", zoom.zoomIn);
  button("−", "Zoom out", zoom.zoomOut);
  button("⤢", "Whole map", zoom.reset);
  const table = button("Table view", "Table view: the map alone, full screen", () => toggle());
  table.classList.add("table-view-button");
  table.setAttribute("aria-pressed", "false");

  function toggle(on) {
    const wanted = on === undefined ? !document.body.classList.contains("table-view") : on;
    document.body.classList.toggle("table-view", wanted);
    table.setAttribute("aria-pressed", String(wanted));
    table.textContent = wanted ? "Leave table view" : "Table view";
    zoom.reset();
    if (wanted && document.fullscreenEnabled && !document.fullscreenElement) {
      document.documentElement.requestFullscreen().catch(() => {});
    } else if (!wanted && document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    }
    box.focus();
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains("table-view")) toggle(false);
  });
  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && document.body.classList.contains("table-view")) {
      toggle(false);
    }
  });
  return { toggle };
}
