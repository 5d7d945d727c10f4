// The post-build accessibility fix of every built page (scripts/a11y-html.mjs).
import {describe, expect, it} from "vitest";
import {fixPage, SKIP_LINK, VIEWPORT} from "../../scripts/a11y-html.mjs";

const page = `<!DOCTYPE html>
<html>
<head><meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1"></head>
<body>
<pre data-language="js"><code>const a = 1;</code></pre>
<pre tabindex="-1">kept</pre>
<pre>plain</pre>
<p>preformatted is not a pre</p>
</body>
</html>`;

describe("fixPage", () => {
  const fixed = fixPage(page);
  it("sets the language, a zoomable viewport and the skip link first in <body>", () => {
    expect(fixed).toContain('<html lang="en">');
    expect(fixed).toContain(`<meta name="viewport" content="${VIEWPORT}">`);
    expect(fixed).toContain(`<body>\n${SKIP_LINK}`);
  });
  it("makes every code block reachable from the keyboard, keeping a tabindex the page set", () => {
    expect(fixed).toContain('<pre tabindex="0" data-language="js">');
    expect(fixed).toContain('<pre tabindex="-1">kept</pre>');
    expect(fixed).toContain('<pre tabindex="0">plain</pre>');
    expect(fixed).toContain("<p>preformatted is not a pre</p>");
  });
  it("changes nothing the second time", () => {
    expect(fixPage(fixed)).toBe(fixed);
  });
});
