// What the front ends may know of the server: types only (`import type { AppRouter } from '@app/server'`).
export type { AppRouter } from './routers/_app';
export type { Context } from './trpc';
