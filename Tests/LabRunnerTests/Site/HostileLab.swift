/// A lab that tries to run script on its page: in what it prints, in its prose's raw HTML, in a
/// link. A page that escapes and filters everything shows the text and runs none of it.
enum HostileLab {
    static let text = #"""
    # Hostile <b>lab</b>

    <img src="x" onerror="document.title='pwned-prose'">
    <script>document.title='pwned-script'</script>

    [click](javascript:document.title='pwned-link') and ![a picture](pic.png)

    ```swift
    print("</script><img src=x onerror=\"document.title='pwned-output'\"><script>document.title='pwned-output'</script>")
    print("<b id=\"injected\">injected</b>")
    ```
    ```output
    not what it prints
    ```
    """#

    /// What `html` (a page, or a DOM dumped after scripts ran) must not contain: an element the
    /// lab made, an event attribute on any element, a `javascript:` URL in any attribute.
    static let markupSigns = [#"<b id="injected""#, #"<[^<>]*\son[a-z]+="#, #"<[^<>]*=["']?\s*javascript:"#]
}
