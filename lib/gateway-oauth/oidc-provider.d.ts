/**
 * oidc-provider ships no types (and @types/oidc-provider trails its releases): Patchbay's authorization server
 * (lib/gateway-oauth) and the tests' identity and authorization servers use it untyped, through the narrow shapes
 * lib/gateway-oauth/provider-shapes.ts names.
 */
declare module "oidc-provider" {
  const Provider: any;
  type Provider = any;
  export const errors: any;
  export default Provider;
}
