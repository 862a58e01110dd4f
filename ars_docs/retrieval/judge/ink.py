"""Which text of a PDF page is drawn where a reader can see it (issue 33).

pypdf's text layer holds every glyph a content stream shows, also the ones
nobody sees. A page that shows "A municipal tax regulation of Banjarmasin"
can carry the cited work's title, authors and DOI under it in invisible
text, and a quotation can sit in an invisible line. ``PageInk`` follows the
page's content stream during pypdf's own extraction (its operator visitors:
one pass, no second parse) and empties each text-showing operator whose
glyphs cannot be seen, so pypdf assembles the visible text only. Invisible:

* text render mode 3 (neither filled nor stroked) or 7 (only added to the clip);
* glyphs smaller than ``MIN_GLYPH`` points in either direction (a zero or tiny
  font size, a text or page matrix that squashes them, ``0 Tz``);
* text that starts outside the page's crop box, or outside the clipping
  area (the bounding box of the clip paths in force, form bounding boxes
  included);
* text in optional content (layers) that is off in the document's default view.

Not handled (it needs a renderer): text in the page's background colour
(white on white — a white heading on a coloured banner is common and
legitimate), text covered by an image or a filled shape drawn after it, and
an image that shows other words than the text laid over it.

The caller decides what a page whose text is all invisible means: a page
that draws an image over a large part of it is a scan with an OCR layer
(``scan_share``), and its text stays readable.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["MIN_GLYPH", "PageInk"]

MIN_GLYPH = 1.0
"""Glyphs smaller than this (points, either direction) cannot be read: invisible."""

_Matrix = tuple[float, float, float, float, float, float]
_Box = tuple[float, float, float, float]
_IDENTITY: _Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_SHOW = frozenset({b"Tj", b"TJ", b"'", b'"'})
_CONSTRUCT = frozenset({b"m", b"l", b"c", b"v", b"y", b"re"})
_PATH_PAINT = frozenset({b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"})
_INVISIBLE_MODES = frozenset({3, 7})
_MAX_SLACK = 72.0  # points


def _mult(a: _Matrix, b: _Matrix) -> _Matrix:
    """``a`` then ``b`` (PDF row-vector convention: a point times ``a``, then ``b``)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _matrix(value: Any) -> _Matrix:
    try:
        numbers = tuple(float(v) for v in value)
    except (TypeError, ValueError):
        return _IDENTITY
    if len(numbers) != 6 or not all(math.isfinite(n) for n in numbers):
        return _IDENTITY
    return numbers


def _number(value: Any, default: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return number if math.isfinite(number) else default


def _box(value: Any) -> _Box | None:
    try:
        x0, y0, x1, y1 = (float(v) for v in value)
    except (TypeError, ValueError):
        return None
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _apply_box(box: _Box, m: _Matrix) -> _Box:
    """The bounding box of ``box``'s corners under ``m``."""
    xs, ys = [], []
    for x in (box[0], box[2]):
        for y in (box[1], box[3]):
            xs.append(x * m[0] + y * m[2] + m[4])
            ys.append(x * m[1] + y * m[3] + m[5])
    return (min(xs), min(ys), max(xs), max(ys))


def _intersect(a: _Box | None, b: _Box) -> _Box:
    if a is None:
        return b
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _inside(x: float, y: float, box: _Box, slack: float) -> bool:
    return box[0] - slack <= x <= box[2] + slack and box[1] - slack <= y <= box[3] + slack


def _text_length(operator: bytes, operands: list[Any]) -> int:
    if operator == b"TJ":
        items = operands[0] if operands and isinstance(operands[0], list) else []
        return sum(len(i) for i in items if isinstance(i, (str, bytes)))
    shown = operands[-1] if operands else b""
    return len(shown) if isinstance(shown, (str, bytes)) else 0


def _drop_text(operator: bytes, operands: list[Any]) -> None:
    """Empty the glyphs of a text-showing operator in place; its moves stay (``'`` and
    ``"`` go to the next line, ``"`` sets the spacing), so the visible text around
    it is laid out as before."""
    if operator == b"TJ":
        if operands and isinstance(operands[0], list):
            operands[0][:] = [i for i in operands[0] if not isinstance(i, (str, bytes))]
    elif operands and isinstance(operands[-1], (str, bytes)):
        operands[-1] = b""


class _State:
    __slots__ = ("clip", "hidden_layer", "mode", "scale", "size")

    def __init__(self) -> None:
        self.mode = 0
        self.size = 0.0
        self.scale = 1.0
        self.clip: _Box | None = None
        self.hidden_layer = 0

    def copy(self) -> _State:
        other = _State()
        other.mode, other.size, other.scale = self.mode, self.size, self.scale
        other.clip, other.hidden_layer = self.clip, self.hidden_layer
        return other


class PageInk:
    """The visitors of one page's extraction; afterwards ``visible`` and ``hidden``
    count the characters shown visibly and left out, ``image_area`` the page area
    images cover (points²)."""

    def __init__(self, page: Any, reader: Any) -> None:
        self.box = _box(page.cropbox) or (0.0, 0.0, 612.0, 792.0)
        self.visible = 0
        self.hidden = 0
        self.image_area = 0.0
        self._state = _State()
        self._saved: list[_State] = []
        self._outer: _Matrix = _IDENTITY  # form space → page space
        self._forms: list[tuple[_Matrix, Any, _State, list[_State], list[int]] | None] = []
        self._resources = _get(page, "/Resources")
        # A path's operators are kept until it is painted: only a clip needs its box,
        # and most paths (figures, rules) are just filled.
        self._path: list[tuple[bytes, list[Any], Any]] = []
        self._clip_pending = False
        self._cm_seen: list[float] | None = None
        self._cm_page: _Matrix = _IDENTITY
        self._layers: list[int] = []  # per open marked-content sequence: 1 if it hides
        self._off = _layers_off(reader)

    @property
    def page_area(self) -> float:
        return max((self.box[2] - self.box[0]) * (self.box[3] - self.box[1]), 1.0)

    def scan_share(self) -> float:
        """The share of the page that images cover (at most 1)."""
        return min(self.image_area / self.page_area, 1.0)

    # -- the visitors -------------------------------------------------------------------

    def before(self, operator: bytes, operands: list[Any], cm: Any, tm: Any) -> None:
        if operator in _SHOW:
            self._show(operator, operands, cm, tm)
            return
        if operator in _CONSTRUCT:
            self._path.append((operator, operands, cm))
            return
        handler = _HANDLERS.get(operator)
        if handler is not None:
            handler(self, operands, cm)

    def after(self, operator: bytes, operands: list[Any], cm: Any, tm: Any) -> None:
        if operator == b"Do" and self._forms:
            saved = self._forms.pop()
            if saved is not None:
                self._outer, self._resources, self._state, self._saved, self._layers = saved
                self._cm_seen = None

    # -- text ---------------------------------------------------------------------------

    def _show(self, operator: bytes, operands: list[Any], cm: Any, tm: Any) -> None:
        count = _text_length(operator, operands)
        if count == 0:
            return
        if self._invisible(_mult(_matrix(tm), self._page_matrix(cm))):
            _drop_text(operator, operands)
            self.hidden += count
        else:
            self.visible += count

    def _invisible(self, m: _Matrix) -> bool:
        state = self._state
        if state.mode in _INVISIBLE_MODES or state.hidden_layer or any(self._layers):
            return True
        size = abs(state.size)
        height = size * math.hypot(m[2], m[3])
        width = size * abs(state.scale) * math.hypot(m[0], m[1])
        if height < MIN_GLYPH or width < MIN_GLYPH:
            return True
        # A line may start a glyph's height before the box; a giant font buys no more.
        x, y, slack = m[4], m[5], min(height, _MAX_SLACK)
        if not _inside(x, y, self.box, slack):
            return True
        return state.clip is not None and not _inside(x, y, state.clip, slack)

    # -- state ----------------------------------------------------------------------------

    def _q(self, operands: list[Any], cm: Any) -> None:
        self._saved.append(self._state.copy())

    def _big_q(self, operands: list[Any], cm: Any) -> None:
        if self._saved:
            self._state = self._saved.pop()

    def _tr(self, operands: list[Any], cm: Any) -> None:
        self._state.mode = int(_number(operands[0], 0)) if operands else 0

    def _tf(self, operands: list[Any], cm: Any) -> None:
        if len(operands) >= 2:
            self._state.size = _number(operands[1], self._state.size)

    def _tz(self, operands: list[Any], cm: Any) -> None:
        if operands:
            self._state.scale = _number(operands[0], 100.0) / 100

    def _page_matrix(self, cm: Any) -> _Matrix:
        """User space → page space: the CTM, then the forms' matrices (cached while the
        CTM stays the same, which it does for most operators)."""
        if cm != self._cm_seen:
            self._cm_seen = list(cm) if isinstance(cm, list) else None
            self._cm_page = _mult(_matrix(cm), self._outer)
        return self._cm_page

    # -- paths and clipping ---------------------------------------------------------------

    def _clip(self, operands: list[Any], cm: Any) -> None:
        self._clip_pending = True

    def _paint(self, operands: list[Any], cm: Any) -> None:
        if self._clip_pending:
            # An empty path clips everything away.
            area = self._path_box() or (0.0, 0.0, 0.0, 0.0)
            self._state.clip = _intersect(self._state.clip, area)
        self._path = []
        self._clip_pending = False

    def _path_box(self) -> _Box | None:
        xs: list[float] = []
        ys: list[float] = []
        for operator, operands, cm in self._path:
            m = self._page_matrix(cm)
            numbers = [_number(v, 0.0) for v in operands]
            if operator == b"re":
                if len(numbers) < 4:
                    continue
                x, y, w, h = numbers[:4]
                box = _apply_box((x, y, x + w, y + h), m)
                xs += [box[0], box[2]]
                ys += [box[1], box[3]]
                continue
            for x, y in zip(numbers[::2], numbers[1::2], strict=False):
                xs.append(x * m[0] + y * m[2] + m[4])
                ys.append(x * m[1] + y * m[3] + m[5])
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None

    # -- images, forms, layers ------------------------------------------------------------

    def _image_at(self, cm: Any) -> None:
        m = self._page_matrix(cm)
        self.image_area += min(abs(m[0] * m[3] - m[1] * m[2]), self.page_area)

    def _inline_image(self, operands: list[Any], cm: Any) -> None:
        self._image_at(cm)

    def _do(self, operands: list[Any], cm: Any) -> None:
        xobject = _get(_get(self._resources, "/XObject"), operands[0]) if operands else None
        subtype = _get(xobject, "/Subtype")
        if subtype == "/Image":
            self._image_at(cm)
        if subtype != "/Form":
            self._forms.append(None)
            return
        self._forms.append(
            (self._outer, self._resources, self._state, self._saved, list(self._layers))
        )
        self._outer = _mult(_matrix(_get(xobject, "/Matrix") or _IDENTITY), self._page_matrix(cm))
        self._cm_seen = None  # inside the form, pypdf's CTM starts anew
        resources = _get(xobject, "/Resources")
        if resources is not None:
            self._resources = resources
        state = self._state.copy()
        bbox = _box(_get(xobject, "/BBox"))
        if bbox is not None:  # a form draws nothing outside its bounding box
            state.clip = _intersect(state.clip, _apply_box(bbox, self._outer))
        state.hidden_layer = int(bool(state.hidden_layer or any(self._layers)))
        self._state, self._saved, self._layers = state, [], []
        if _get(xobject, "/OC") is not None and self._is_off(_get(xobject, "/OC")):
            state.hidden_layer = 1

    def _bdc(self, operands: list[Any], cm: Any) -> None:
        hides = 0
        if len(operands) >= 2 and operands[0] == "/OC":
            props = operands[1]
            if isinstance(props, str):  # a name in the resources' /Properties
                props = _get(_get(self._resources, "/Properties"), props)
            hides = int(self._is_off(props))
        self._layers.append(hides)

    def _bmc(self, operands: list[Any], cm: Any) -> None:
        self._layers.append(0)

    def _emc(self, operands: list[Any], cm: Any) -> None:
        if self._layers:
            self._layers.pop()

    def _is_off(self, group: Any) -> bool:
        """Whether an optional content group is off in the default view (a membership
        dictionary, /OCMD, counts as on: its visibility expressions are not evaluated)."""
        if not self._off:
            return False
        reference = getattr(group, "indirect_reference", None) or group
        key = (getattr(reference, "idnum", None), getattr(reference, "generation", None))
        return key in self._off


def _get(obj: Any, key: str) -> Any:
    """``obj[key]`` resolved, or None (hostile files put anything anywhere)."""
    try:
        value = obj[key]
        return value.get_object() if hasattr(value, "get_object") else value
    except (KeyError, TypeError, AttributeError, IndexError, ValueError):
        return None
    except Exception:  # a broken reference in a damaged file
        return None


def _layers_off(reader: Any) -> frozenset[tuple[Any, Any]]:
    """The optional content groups off in the document's default view."""
    try:
        properties = _get(reader.trailer["/Root"].get_object(), "/OCProperties")
        default = _get(properties, "/D")
        if default is None:
            return frozenset()
        off = {_ref(r) for r in (_raw(default, "/OFF") or [])}
        if _get(default, "/BaseState") == "/OFF":
            on = {_ref(r) for r in (_raw(default, "/ON") or [])}
            off |= {_ref(r) for r in (_raw(properties, "/OCGs") or [])} - on
        return frozenset(k for k in off if k[0] is not None)
    except Exception:  # a damaged catalogue: no layer is taken to be off
        return frozenset()


def _raw(obj: Any, key: str) -> Any:
    try:
        value = obj[key]
    except (KeyError, TypeError):
        return None
    return value.get_object() if hasattr(value, "get_object") else value


def _ref(item: Any) -> tuple[Any, Any]:
    reference = getattr(item, "indirect_reference", None) or item
    return (getattr(reference, "idnum", None), getattr(reference, "generation", None))


_HANDLERS = {
    b"q": PageInk._q,
    b"Q": PageInk._big_q,
    b"Tr": PageInk._tr,
    b"Tf": PageInk._tf,
    b"Tz": PageInk._tz,
    b"W": PageInk._clip,
    b"W*": PageInk._clip,
    b"Do": PageInk._do,
    b"INLINE IMAGE": PageInk._inline_image,
    b"BDC": PageInk._bdc,
    b"BMC": PageInk._bmc,
    b"EMC": PageInk._emc,
    **dict.fromkeys(_PATH_PAINT, PageInk._paint),
}
