// Leaflet with CRS.Simple (one map unit a pixel at zoom 0) and its canvas renderer (it draws
// only the paths within the view); a view change is setView without animation.
export async function draw(root, data, width, height) {
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = "lib/leaflet.css";
  document.head.append(css);
  await window.loadScript("lib/leaflet.js");
  const L = window.L;
  const map = L.map(root, { crs: L.CRS.Simple, preferCanvas: true, zoomSnap: 0, zoomDelta: 0.25,
    zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false,
    attributionControl: false, zoomControl: false, minZoom: -8, maxZoom: 8, inertia: false });
  const r = data.r;
  const ll = (x, y) => [-y, x];
  map.setView(ll(data.width / 2, data.height / 2), 0, { animate: false });
  for (const [x, y, fill] of data.cells) {
    const pts = [];
    for (let k = 0; k < 6; k++) pts.push(ll(x + r * Math.cos(k * Math.PI / 3), y + r * Math.sin(k * Math.PI / 3)));
    L.polygon(pts, { color: "#8a8170", weight: 1, fillColor: fill, fillOpacity: 1,
                     interactive: false }).addTo(map);
  }
  for (const [x, y, name] of data.tokens) {
    L.circle(ll(x, y), { radius: r * 0.7, color: "#fff", weight: 2, fillColor: "#1f4e79",
                         fillOpacity: 1, interactive: false })
      .bindTooltip(name, { permanent: true, direction: "bottom" }).addTo(map);
  }
  return {
    view(tx, ty, scale) {
      // the world point at the screen's centre, and the zoom whose scale this is
      const cx = (width / 2 - tx) / scale, cy = (height / 2 - ty) / scale;
      map.setView(ll(cx, cy), Math.log2(scale), { animate: false });
    },
  };
}
