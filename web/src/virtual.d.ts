/** Font name → URL of its stylesheet, made by the build (build/blogFonts.ts). */
declare module 'virtual:blog-fonts' {
  const hrefs: Record<string, string>
  export default hrefs
}
