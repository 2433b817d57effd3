// Texts of the /achievement pages; loaded with their route chunks. One file per language.
import './i18n-zh.ts';
import './i18n-en.ts';
