"""The widget makers' escaping is html.escape's (ui/kit/basics.py escapes without importing `html`)."""

import html

from ui.kit.basics import plain_tip, text_html


def test_user_text_is_escaped_as_html_escape_does():
    for text in ("Grak & Snik", "<b>Bold</b> Boyz", "&amp;", 'O\'Neil "Ox"', ""):
        assert text_html(text) == html.escape(text, quote=False)
    assert (
        plain_tip("<b>Grak</b>\nline two")
        == "<p style='white-space:pre-wrap'>&lt;b&gt;Grak&lt;/b&gt;\nline two</p>"
    )
    assert plain_tip("Grak") == "Grak"
