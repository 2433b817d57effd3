export * from './codes.ts';
export * from './envelope.ts';
export * from './channels.ts';
export * from './common.ts';
export * from './privacy.ts';
