import HTMLScan
import Testing

@testable import ArticleFormats

/// Readeck's rd-annotation wrappers turned into marks and notes.
@Suite struct HighlightMarkupTests {
  let html = """
    <p>a <rd-annotation data-annotation-id-value="x" data-annotation-color="Red">b</rd-annotation>\
    <rd-annotation data-annotation-note title="n &lt;1&gt;"></rd-annotation> c \
    <rd-annotation data-annotation-color="purple">d</rd-annotation>\
    <rd-annotation data-annotation-note title=" "></rd-annotation></p>
    """

  @Test func piecesBecomeMarksOfTheirColourAndNotesGoBesideThem() {
    let (out, notes) = HighlightMarkup.rewrite(html, notes: .inline)
    #expect(
      out == """
        <p>a <mark class="rd-highlight rd-red">b</mark><span class="rd-note">n &lt;1&gt;</span> c \
        <mark class="rd-highlight rd-yellow">d</mark></p>
        """)
    #expect(notes.isEmpty)
  }

  @Test func numberedNotesAreReferencedAndReturnedInOrder() {
    let (out, notes) = HighlightMarkup.rewrite(html, notes: .numbered, open: { _ in "==" }, close: "==")
    #expect(out == #"<p>a ==b==<sup class="rd-noteref">[1]</sup> c ==d==</p>"#)
    #expect(notes == ["n <1>"])
  }

  /// Found by fuzz-text: an end tag with no wrapper open, and a wrapper never closed.
  @Test func aStrayEndTagClosesNothingAndAnUnclosedWrapperLosesNoText() {
    let html = ##"<p><a href="#f">b</rd-annotation><rd-annotation data-ad="r1">1</a> and</p>"##
    let (out, _) = HighlightMarkup.rewrite(html, notes: .inline)
    #expect(out == ##"<p><a href="#f">b<mark class="rd-highlight rd-yellow">1</a> and</p>"##)
  }

  /// Found by fuzz-text: a literal `<` or an unfinished `&amp` before a wrapper taken out must
  /// not meet the text after it and become a tag or another character reference.
  @Test func aWrapperTakenOutJoinsNoTextIntoMarkup() {
    let html = "<p>a <<rd-annotation>onet</rd-annotation> &amp<rd-annotation>;b &not</rd-annotation>in;</p>"
    let bare = HighlightPlacement.unwrapped(html)
    #expect(bare == "<p>a <<!---->onet &amp<!---->;b &not<!---->in;</p>")
    #expect(HighlightPlacement(html: html).highlighted.isEmpty, "nothing wrapped by id")
    // Spaces aside: the words part at a comment where a browser runs them on.
    let letters = { (html: String) in HTMLPlainText.text(html, layout: .words).filter { !$0.isWhitespace } }
    #expect(letters(bare) == letters(html) && letters(bare) == "a<onet&;b¬in;".filter { !$0.isWhitespace })
  }

  @Test func htmlWithoutHighlightsIsLeftAsItIs() {
    let plain = "<p>rd-annotation is only a word here &amp; <b>bold</b></p>"
    #expect(HighlightMarkup.rewrite(plain, notes: .inline).html == plain)
  }
}
