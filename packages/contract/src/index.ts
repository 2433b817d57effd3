export * from './codes.ts';
export * from './envelope.ts';
export * from './channels.ts';
export * from './common.ts';
