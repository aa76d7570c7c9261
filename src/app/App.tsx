import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { setNavigator } from '../platform/navigation';
import { AppRouter } from '../runtime/AppRouter';
import { Shell } from '../shell/Shell';

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, opts) => navigate(to, opts)), [navigate]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <Shell>
        <AppRouter />
      </Shell>
    </BrowserRouter>
  );
}
