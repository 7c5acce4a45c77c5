/**
 * The API's types. They are generated from the server's Go contract
 * (server/api/contract) into contract.gen.ts by `make generate`; this file
 * only adds the names the app uses for some of them.
 */
import type { Post, TemplateID } from './contract.gen'

export * from './contract.gen'

export type TemplateId = TemplateID

/** A post as its owner sees it: the editable body (without banners) and the banners. */
export type OwnerPost = Post
