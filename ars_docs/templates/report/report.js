/* ars-docs trust report: sort, filter, and the evidence card. One delegated
   listener per event type; no listener on any citation. No network. */
(function () {
  "use strict";
  var table = document.getElementById("st");
  var body = table ? table.tBodies[0] : null;
  var rows = body ? Array.prototype.slice.call(body.rows) : [];
  var texts = null;
  var q = document.getElementById("q");
  var fs = document.getElementById("fs");
  var shown = document.getElementById("shown");

  function filter() {
    if (!texts) { texts = rows.map(function (r) { return r.textContent.toLowerCase(); }); }
    var words = (q.value || "").toLowerCase().split(/\s+/).filter(Boolean);
    var status = fs.value;
    var n = 0;
    rows.forEach(function (r, i) {
      var ok = (!status || r.getAttribute("data-s") === status) &&
        words.every(function (w) { return texts[i].indexOf(w) !== -1; });
      r.hidden = !ok;
      if (ok) { n += 1; }
    });
    shown.textContent = n + " of " + rows.length + " shown";
  }
  if (q && fs) {
    q.addEventListener("input", filter);
    fs.addEventListener("change", filter);
  }

  function sortBy(th) {
    var key = th.getAttribute("data-sort");
    var dir = th.getAttribute("aria-sort") === "descending" ? "ascending" : "descending";
    Array.prototype.forEach.call(th.parentNode.children, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir);
    var sign = dir === "ascending" ? 1 : -1;
    var order = rows.map(function (r, i) { return [r, i]; });
    order.sort(function (a, b) {
      var x, y;
      if (key === "k") {
        x = a[0].id; y = b[0].id;
        return x < y ? -sign : x > y ? sign : a[1] - b[1];
      }
      x = +a[0].getAttribute("data-" + (key === "r" ? "r" : "n"));
      y = +b[0].getAttribute("data-" + (key === "r" ? "r" : "n"));
      return x !== y ? sign * (x - y) : a[1] - b[1];
    });
    var frag = document.createDocumentFragment();
    order.forEach(function (p) { frag.appendChild(p[0]); });
    body.appendChild(frag);
    rows = order.map(function (p) { return p[0]; });
    texts = null;
  }
  if (table) {
    table.tHead.addEventListener("click", function (e) {
      var th = e.target.closest("th[data-sort]");
      if (th) { sortBy(th); }
    });
  }

  var tip = document.getElementById("tip");
  var current = null;
  var LABELS = [["ev-a", "Acquired"], ["ev-v", "Verified"], ["ev-h", "Human-read"],
    ["ev-l", "Lookup"], ["ev-n", "Next step"]];

  function add(dl, label, node) {
    var dt = document.createElement("dt");
    dt.textContent = label;
    var dd = document.createElement("dd");
    if (typeof node === "string") { dd.textContent = node; } else { dd.appendChild(node); }
    dl.appendChild(dt);
    dl.appendChild(dd);
  }

  /* The line is the block's first line plus the line breaks before the mark. */
  function lineOf(mark) {
    var block = mark.closest(".p");
    if (!block) { return "?"; }
    var line = +block.getAttribute("data-n");
    var walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    var node;
    while ((node = walker.nextNode())) {
      if (mark.contains(node) || (mark.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) { break; }
      line += (node.nodeValue.match(/\n/g) || []).length;
    }
    return line;
  }

  function fill(mark) {
    while (tip.firstChild) { tip.removeChild(tip.firstChild); }
    var h = document.createElement("h4");
    var status = mark.getAttribute("data-u") !== null ? "UNMARKED" :
      (mark.className.match(/\bs-(\S+)/) || [])[1] || "";
    h.textContent = status + " · line " + lineOf(mark);
    h.className = "s-" + status;
    tip.appendChild(h);
    var dl = document.createElement("dl");
    var href = mark.getAttribute("href");
    var key = href ? href.slice(3) : null;
    if (key !== null) {
      add(dl, "Key", key);
      var row = document.getElementById(href.slice(1));
      if (row) {
        var title = row.querySelector(".ti");
        if (title) { add(dl, "Title", title.textContent); }
        LABELS.forEach(function (pair) {
          var cell = row.querySelector("." + pair[0]);
          if (cell) {
            var span = document.createElement("span");
            Array.prototype.forEach.call(cell.childNodes, function (c) { span.appendChild(c.cloneNode(true)); });
            add(dl, pair[1], span);
          }
        });
      }
      var shows = mark.getAttribute("data-d");
      if (shows !== null) {
        add(dl, "Draft shows", shows + " (out of date: run ars-docs finalize)");
      }
    } else if (mark.getAttribute("data-p") !== null) {
      add(dl, "Problem", mark.getAttribute("data-p"));
      add(dl, "Fix", "rewrite it as <!--ref:SLUG-->");
    } else if (mark.getAttribute("data-u") !== null) {
      var wm = mark.getAttribute("data-u").split("/");
      add(dl, "Problem", "citation-shaped text with no marker (cites " + wm[0] + " work(s), has " + wm[1] + " marker(s)): the gate cannot check it");
      add(dl, "Fix", "add <!--ref:SLUG--> right after it, or, if it is not a citation, <!--not-a-citation: REASON-->");
    }
    tip.appendChild(dl);
  }

  function show(mark) {
    if (current === mark) { return; }
    current = mark;
    fill(mark);
    tip.hidden = false;
    var r = mark.getBoundingClientRect();
    var top = window.scrollY + r.bottom + 6;
    var left = Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4));
    tip.style.top = top + "px";
    tip.style.left = left + "px";
  }
  function hide() { current = null; tip.hidden = true; }

  document.addEventListener("mouseover", function (e) {
    var mark = e.target.closest ? e.target.closest(".c") : null;
    if (mark) { show(mark); } else if (current && !tip.contains(e.target)) { hide(); }
  });
  document.addEventListener("focusin", function (e) {
    var mark = e.target.closest ? e.target.closest(".c") : null;
    if (mark) { show(mark); } else { hide(); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { hide(); }
  });
})();
