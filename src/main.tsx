import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerAllBlocks } from './blocks';
import { restoreSession } from './state/auth';
import './styles.css';

restoreSession();
registerAllBlocks();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
