import { describe, expect, it } from 'vitest'
import { cleanPastedHtml } from './paste'

const GOOGLE_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1234"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt"><span style="font-size:16pt;font-family:Arial;color:#000000;font-weight:400">Why keto works</span></h2>' +
  '<p dir="ltr" style="line-height:1.38;margin-top:0pt"><span style="font-size:11pt;font-family:Arial;font-weight:700;font-style:normal">Fat</span><span style="font-size:11pt;font-family:Arial;font-weight:400"> burns, </span><span style="font-size:11pt;font-style:italic;font-weight:400">slowly</span><span style="font-size:11pt">. See </span><a href="https://example.com/" style="text-decoration:none"><span style="color:#1155cc;text-decoration:underline">this</span></a></p>' +
  '<br><ul style="margin-top:0;margin-bottom:0"><li dir="ltr" style="list-style-type:disc;font-size:11pt" aria-level="1"><p dir="ltr" role="presentation" style="line-height:1.38"><span style="font-size:11pt">Eggs</span></p></li>' +
  '<li dir="ltr" style="list-style-type:disc" aria-level="1"><p dir="ltr" role="presentation"><span>Avocado</span></p></li></ul></b>'

const WORD =
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style><!--[if gte mso 9]><xml><o:OfficeDocumentSettings></o:OfficeDocumentSettings></xml><![endif]--></head>' +
  '<body lang=EN-US><div class=WordSection1><p class=MsoNormal><b><span lang=EN-US style="font-size:12.0pt">Bold</span></b><span lang=EN-US> and <i>italic</i></span><o:p></o:p></p>' +
  '<p class=MsoNormal><o:p>&nbsp;</o:p></p>' +
  '<p class=MsoListParagraphCxSpFirst style="text-indent:-18.0pt;mso-list:l0 level1 lfo1"><![if !supportLists]><span style="font-family:Symbol"><span style="mso-list:Ignore">·<span style="font:7.0pt \'Times New Roman\'">&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>First<o:p></o:p></p>' +
  '<p class=MsoListParagraphCxSpLast style="text-indent:-18.0pt;mso-list:l0 level1 lfo1"><![if !supportLists]><span style="font-family:Symbol"><span style="mso-list:Ignore">·<span>&nbsp; </span></span></span><![endif]>Second<o:p></o:p></p>' +
  '<p class=MsoListParagraphCxSpFirst style="mso-list:l1 level1 lfo2"><![if !supportLists]><span><span style="mso-list:Ignore">1.<span>&nbsp;</span></span></span><![endif]>Step one</p>' +
  '</div></body></html>'

describe('cleanPastedHtml', () => {
  it('keeps the structure of a Google Docs paste and drops its styling', () => {
    expect(cleanPastedHtml(GOOGLE_DOCS)).toBe(
      '<h2>Why keto works</h2>' +
        '<p><strong>Fat</strong> burns, <em>slowly</em>. See <a href="https://example.com/">this</a></p>' +
        '<ul><li>Eggs</li><li>Avocado</li></ul>',
    )
  })

  it('turns Word paragraphs and list paragraphs into clean HTML', () => {
    expect(cleanPastedHtml(WORD)).toBe(
      '<p><strong>Bold</strong> and <em>italic</em></p>' + '<ul><li>First</li><li>Second</li></ul>' + '<ol><li>Step one</li></ol>',
    )
  })

  it('drops scripts, styles, classes, ids and event handlers', () => {
    expect(
      cleanPastedHtml('<style>p{}</style><p class="x" id="y" onclick="evil()">Hi <font color="red">there</font><script>alert(1)</script></p>'),
    ).toBe('<p>Hi there</p>')
  })

  it('keeps links, images, tables and video embeds with their useful attributes', () => {
    const html =
      '<p><a href="https://a.example" rel="sponsored" target="_blank" class="c">a</a></p>' +
      '<img src="/x.png" alt="X" width="10" style="border:0">' +
      '<table class="t"><tr><td colspan="2" style="color:red">c</td></tr></table>' +
      '<div data-embed="youtube" class="v"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560"></iframe></div>'
    expect(cleanPastedHtml(html)).toBe(
      '<p><a href="https://a.example" rel="sponsored" target="_blank">a</a></p>' +
        '<img src="/x.png" alt="X">' +
        '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>' +
        '<div data-embed="youtube"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></div>',
    )
  })

  it('turns layout divs into paragraphs and leaves plain HTML alone', () => {
    expect(cleanPastedHtml('<div>One</div><div><p>Two</p></div>')).toBe('<p>One</p><p>Two</p>')
    expect(cleanPastedHtml('<p>Plain <strong>text</strong></p>')).toBe('<p>Plain <strong>text</strong></p>')
    expect(cleanPastedHtml('<h1 class="title">Big</h1>')).toBe('<h2>Big</h2>')
  })

  it('keeps a Google Docs image as a block with its alt text, taken from the title when alt is empty', () => {
    const img = (attrs: string) =>
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-42"><p dir="ltr" style="line-height:1.38"><span style="font-size:11pt">' +
      `<span style="border:none;display:inline-block;overflow:hidden;width:602px;height:401px;"><img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nX?key=k" width="602" height="401" ${attrs} style="margin-left:0px;"></span></span></p></b>`
    expect(cleanPastedHtml(img('alt="Eggs on toast" title="Breakfast"'))).toBe(
      '<img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nX?key=k" alt="Eggs on toast" title="Breakfast">',
    )
    expect(cleanPastedHtml(img('alt="" title="Breakfast"'))).toBe(
      '<img src="https://lh7-rt.googleusercontent.com/docsz/AD_4nX?key=k" alt="Breakfast" title="Breakfast">',
    )
    // an image beside text stays in its paragraph
    expect(cleanPastedHtml('<p>See <img src="https://x.example/a.png" alt="A"></p>')).toBe('<p>See <img src="https://x.example/a.png" alt="A"></p>')
  })

  it('drops images whose address cannot be fetched from here', () => {
    expect(
      cleanPastedHtml(
        '<p>Word <img src="file:///C:/Users/ana/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png" alt="x"></p>' +
          '<p><img src="cid:image001.png@01DA"></p><p><img src="blob:https://docs.google.com/5e1a"></p><img src="">' +
          '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
      ),
    ).toBe('<p>Word </p><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')
  })
})
