"""Join QR codes: SVG and PNG for screens, text for the terminal.

A leaf module (qrcode only): the host's routes and banner and the GM screen's QR all
draw with it, so the UI needs nothing from app.host to draw one.
"""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def _qr(url: str) -> qrcode.QRCode:
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    code.make(fit=True)
    return code


def qr_svg(url: str) -> bytes:
    """A standalone SVG QR code."""
    image = _qr(url).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue()


def qr_png(url: str, box_size: int = 10) -> bytes:
    """A PNG QR code (Pillow)."""
    code = _qr(url)
    code.box_size = box_size
    image = code.make_image(fill_color="black", back_color="white")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def qr_text(url: str) -> str:
    """The QR code drawn with block characters, for the terminal."""
    out = io.StringIO()
    _qr(url).print_ascii(out=out, invert=True)
    return out.getvalue()
