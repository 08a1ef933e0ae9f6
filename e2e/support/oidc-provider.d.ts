/** oidc-provider ships no types (and @types/oidc-provider is not installed): the test AS uses it untyped. */
declare module "oidc-provider" {
  const Provider: any;
  type Provider = any;
  export const errors: any;
  export default Provider;
}
