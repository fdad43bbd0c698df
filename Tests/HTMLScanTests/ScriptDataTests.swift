import Testing

@testable import HTMLScan

/// Where a script ends: the script data states, escaped (`<!--`) and double-escaped
/// (`<!--<script>`) ones included, worked through by hand from the standard (§13.2.5.15–31).
@Suite struct ScriptDataTests {
  static let cases: [Case] = [
    // In an escaped section a `<script>` start tag makes `</script>` text, once.
    Case(
      "<script><!--<script>x</script>y</script>z",
      [.s("script"), .t("<!--<script>x</script>y"), .e("script"), .t("z")]),
    Case(
      "<script><!--<SCRIPT>a</Script >b</script>c",
      [.s("script"), .t("<!--<SCRIPT>a</Script >b"), .e("script"), .t("c")]),
    Case(
      "<script><!--<script/></script>x</script>",
      [.s("script"), .t("<!--<script/></script>x"), .e("script")]),
    // Escaped alone, the end tag still ends the script.
    Case("<script><!--</script>x", [.s("script"), .t("<!--"), .e("script"), .t("x")]),
    Case("<script><!--a--></script>", [.s("script"), .t("<!--a-->"), .e("script")]),
    // `-->` leaves the escape, double or not.
    Case("<script><!--<script>-->a</script>b", [.s("script"), .t("<!--<script>-->a"), .e("script"), .t("b")]),
    Case("<script><!--->a</script>", [.s("script"), .t("<!--->a"), .e("script")]),
    Case(
      "<script><!--<script></script-->x</script>",
      [.s("script"), .t("<!--<script></script-->x"), .e("script")]),
    Case(
      "<script><!-- --><script></script>x", [.s("script"), .t("<!-- --><script>"), .e("script"), .t("x")]),
    // Not quite: a longer name, `<!-` without the second dash, dashes apart, `<` between `--` and `>`.
    Case("<script><!--<scriptx></script>y", [.s("script"), .t("<!--<scriptx>"), .e("script"), .t("y")]),
    Case("<script><!-<script></script>x", [.s("script"), .t("<!-<script>"), .e("script"), .t("x")]),
    Case(
      "<script><!--<script>- ->a</script>b</script>",
      [.s("script"), .t("<!--<script>- ->a</script>b"), .e("script")]),
    Case(
      "<script><!--<script>--<>x</script>y</script>",
      [.s("script"), .t("<!--<script>--<>x</script>y"), .e("script")]),
    // Cut off by the end of the input.
    Case("<script><!--<script></script", [.s("script"), .t("<!--<script></script")]),
    Case("<script><!--<script", [.s("script"), .t("<!--<script")]),
    Case("<script><!--", [.s("script"), .t("<!--")]),
    Case("<script><!--\0--></script>", [.s("script"), .t("<!--\u{FFFD}-->"), .e("script")]),
    // RAWTEXT has no escapes.
    Case("<style><!--<style></style>x", [.s("style"), .t("<!--<style>"), .e("style"), .t("x")]),
  ]

  @Test(arguments: cases)
  func escapedAndDoubleEscaped(_ row: Case) {
    #expect(tokens(row.input) == row.expected)
  }

  /// Without text, the same script ends: the tags inside it are not tags.
  @Test func tagsOnlySkipTheSameScript() {
    let html = "<script><!--<script><img src=a></script></script><img src=b>"
    #expect(allTokens(html, text: false).map(T.init) == [.s("script"), .e("script"), .s("img", ["src", "b"])])
  }
}
