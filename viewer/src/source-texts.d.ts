// The repository's texts by repository path, from viewer/source-texts-plugin.ts.
declare module "virtual:hubkit/templates" {
  const texts: Record<string, string>;
  export default texts;
}
declare module "virtual:hubkit/catalogue" {
  const texts: Record<string, string>;
  export default texts;
}
declare module "virtual:hubkit/schemas" {
  const texts: Record<string, string>;
  export default texts;
}
