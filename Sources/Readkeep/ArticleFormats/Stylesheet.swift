/// The stylesheet of pages and books: a comfortable measure, images and figures that fit the
/// screen, code and tables that scroll rather than widen the page, print and dark variants.
enum Stylesheet {
  /// What pages and books share.
  static let base = """
    body { margin: 0 auto; padding: 1.5rem 1rem 3rem; max-width: 40rem; font: 1.125rem/1.6 Georgia, "Noto Serif", serif; }
    header.article-header { margin-bottom: 2rem; border-bottom: 1px solid #ccc; }
    header.article-header h1 { font-size: 1.9rem; line-height: 1.25; margin: 0 0 .5rem; }
    .byline, .source { font: .95rem/1.4 system-ui, sans-serif; color: #555; margin: .25rem 0; }
    .source a { word-break: break-all; }
    h1, h2, h3, h4, h5, h6 { line-height: 1.3; }
    img, video, svg { max-width: 100%; height: auto; }
    figure { margin: 1.5rem 0; }
    figcaption { font-size: .9rem; color: #555; }
    pre { overflow-x: auto; padding: .75rem; background: #f4f4f4; font-size: .9rem; line-height: 1.45; }
    code, pre, kbd, samp { font-family: "DejaVu Sans Mono", Menlo, monospace; }
    table { display: block; overflow-x: auto; border-collapse: collapse; max-width: 100%; }
    th, td { border: 1px solid #ccc; padding: .3rem .5rem; vertical-align: top; }
    blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 4px solid #ccc; color: #444; }
    a { color: #1a5fb4; }
    mark.rd-highlight { color: inherit; padding: 0 .1em; }
    mark.rd-yellow { background: #fff1a8; }
    mark.rd-red { background: #ffc9c9; }
    mark.rd-blue { background: #c8e1ff; }
    mark.rd-green { background: #c9f2c9; }
    .rd-note { font: italic .85em/1.4 system-ui, sans-serif; color: #555; margin-left: .4em; }
    .rd-note::before { content: "✎ "; }
    """

  /// For a page in a browser: dark mode and print.
  static let page =
    base + "\n"
      + """
      @media (prefers-color-scheme: dark) {
        body { background: #1c1c1c; color: #ddd; }
        .byline, .source, figcaption { color: #aaa; }
        blockquote { color: #bbb; border-color: #555; }
        pre { background: #2a2a2a; }
        th, td { border-color: #555; }
        header.article-header { border-color: #555; }
        a { color: #8cb4ff; }
        mark.rd-yellow { background: #5c5200; }
        mark.rd-red { background: #6b2323; }
        mark.rd-blue { background: #1f3f66; }
        mark.rd-green { background: #24502a; }
        .rd-note { color: #bbb; }
      }
      @media print {
        body { max-width: none; padding: 0; font-size: 11pt; color: #000; background: #fff; }
        a { color: inherit; }
        .source a::after { content: ""; }
        pre, table { overflow: visible; white-space: pre-wrap; }
        img, figure, pre, blockquote, table { break-inside: avoid; }
        h1, h2, h3, h4 { break-after: avoid; }
        mark.rd-highlight { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
        .rd-note { color: #000; }
      }
      """

  /// For a book: the reader chooses fonts, sizes and colours, so only the layout.
  static let book = """
    body { margin: 0 1em; }
    header.article-header { margin-bottom: 1.5em; }
    header.article-header h1 { margin-bottom: .3em; }
    .byline, .source { font-size: .9em; margin: .2em 0; }
    .source a { word-break: break-all; }
    img { max-width: 100%; height: auto; }
    figure { margin: 1em 0; }
    figcaption { font-size: .9em; }
    pre { white-space: pre-wrap; font-size: .85em; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid #999; padding: .2em .4em; }
    blockquote { margin: 1em 0 1em 1em; padding-left: .8em; border-left: 3px solid #999; }
    mark.rd-highlight { color: inherit; }
    mark.rd-yellow { background: #fff1a8; }
    mark.rd-red { background: #ffc9c9; }
    mark.rd-blue { background: #c8e1ff; }
    mark.rd-green { background: #c9f2c9; }
    aside[id^="rd-note-"] { font-size: .9em; }
    """
}
