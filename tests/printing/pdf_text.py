"""Text of a PDF as a reader sees it, for tests that check what was printed."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from pypdf import PdfReader


def plain(text: str) -> str:
    """Ligatures spelled out (\ufb00 -> ff), one space between words, none before a comma (text extraction puts
    tabs and line breaks between words, and a space where bold and plain text meet)."""
    return re.sub(r" ,", ",", " ".join(unicodedata.normalize("NFKC", text).split()))


def pdf_pages(path: Path) -> list[str]:
    """The text of every page."""
    return [plain(page.extract_text() or "") for page in PdfReader(str(path)).pages]
