"""Operations on pictures: ``scan`` reads the Sudoku in a picture's pixels (:mod:`sudoku_core.scan`).

The page decodes and scales the picture (createImageBitmap and a canvas, at most about 800 px on its long
side) and sends its pixels base64-encoded. A request holds at most :data:`~sudoku_core.bridge.wire.MAX_REQUEST`
characters, so the page sends one grey byte a pixel (``channels`` 1; the reader uses one channel anyway):
800 x 600 grey pixels are 640,000 characters of base64.

The reader (:mod:`sudoku_core.scan` and its weights) is imported at the first ``scan`` request, not with the
bridge: the page's engine archive leaves both out and the worker fetches them only when a picture is read
(build.py), so a first visit does not download them.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable

from .payload import BadRequest, field

#: The most pixels a picture sent to ``scan`` may have (the page scales to at most about 800 x 800).
MAX_PIXELS = 1_000_000


def op_scan(payload: dict) -> dict:
    """Read the Sudoku in a picture. Payload: ``width``, ``height``, ``channels`` (1 grey, 2 grey+alpha, 3 RGB,
    4 RGBA; default 4) and ``pixels``, the bytes row by row in base64. The result is
    :meth:`~sudoku_core.scan.ScanResult.to_dict` (``puzzle``, ``corners``, ``confidence``, ``uncertain``, ...);
    a picture without a grid is the error kind ``scan``, "no grid found", with ``looked``: the corners of the
    best candidate, when one came near."""
    from ..scan import read_picture

    width = field(payload, "width", int, required=True, low=1, high=MAX_PIXELS)
    height = field(payload, "height", int, required=True, low=1, high=MAX_PIXELS)
    channels = field(payload, "channels", int, 4, low=1, high=4)
    text = field(payload, "pixels", str, required=True)
    if width * height > MAX_PIXELS:
        raise BadRequest(f"a picture of {width} x {height} pixels is more than {MAX_PIXELS:,}; scale it down first",
                         field="payload.width")
    try:
        pixels = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise BadRequest(f"'pixels' must be base64 ({exc})", field="payload.pixels") from None
    return read_picture(width, height, pixels, channels).to_dict()


PICTURE_OPS: dict[str, Callable[[dict], dict]] = {"scan": op_scan}
