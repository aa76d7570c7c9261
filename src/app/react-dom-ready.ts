/**
 * React DOM, evaluated: importing this module runs react-dom's (CommonJS) factory. src/main.tsx imports it in a task
 * of its own before the app. The bundler turns a CommonJS package into a function run on first use, so importing
 * `react-dom/client` by itself only defines that function, and react-dom would be evaluated inside the app's task.
 */
import { createRoot } from 'react-dom/client';

export const reactDomReady: boolean = typeof createRoot === 'function';
