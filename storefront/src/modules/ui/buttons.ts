// Shared class lists: 44 px tall targets for thumbs on small screens.
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-blue-700 px-5 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-400';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
export const whatsappButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-whatsapp px-5 py-2 font-semibold text-white hover:bg-whatsapp-dark';
export const card = 'rounded-xl border border-slate-200 bg-white shadow-sm';
